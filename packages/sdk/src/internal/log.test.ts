import { describe, expect, it, vi } from 'vitest';
import { createLevelLogger, parseLogLevel } from './log';

const spyLogger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe('createLevelLogger', () => {
  it('writes only messages at or above the level', () => {
    const logger = spyLogger();
    const log = createLevelLogger(logger, 'info');
    log.debug('hidden');
    log.info('shown');
    log.error('shown too');
    expect(logger.debug).not.toHaveBeenCalled();
    expect(logger.info).toHaveBeenCalledWith('[refapi-sdk] shown');
    expect(logger.error).toHaveBeenCalledOnce();
  });

  it('redacts credential query parameters of every URL in a message', () => {
    const logger = spyLogger();
    const log = createLevelLogger(logger, 'debug');
    log.debug('→ GET http://127.0.0.1/v1/services?limit=2&api_key=refak_q&X-Token=t', { a: 1 });
    log.info('retrying GET https://h/v1/me?session=s (1/2): status 503');
    expect(logger.debug).toHaveBeenCalledWith(
      '[refapi-sdk] → GET http://127.0.0.1/v1/services?limit=2&api_key=%5Bredacted%5D&X-Token=%5Bredacted%5D',
      { a: 1 },
    );
    expect(logger.info).toHaveBeenCalledWith(
      '[refapi-sdk] retrying GET https://h/v1/me?session=%5Bredacted%5D (1/2): status 503',
    );
  });

  it('writes nothing when off', () => {
    const logger = spyLogger();
    const log = createLevelLogger(logger, 'off');
    log.error('x');
    expect(logger.error).not.toHaveBeenCalled();
    expect(log.enabled('error')).toBe(false);
  });
});

describe('parseLogLevel', () => {
  it('accepts known levels in any case', () => {
    expect(parseLogLevel('DEBUG')).toBe('debug');
    expect(parseLogLevel('loud')).toBeUndefined();
    expect(parseLogLevel(undefined)).toBeUndefined();
  });
});
