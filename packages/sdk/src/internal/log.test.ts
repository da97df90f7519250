import { describe, expect, it, vi } from 'vitest';
import { createLevelLogger, parseLogLevel, redactHeaders } from './log';

const spyLogger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe('redactHeaders', () => {
  it('replaces credentials and keeps the rest', () => {
    const headers = new Headers({
      Authorization: 'Bearer refak_secret',
      'Idempotency-Key': 'k-1',
    });
    expect(redactHeaders(headers)).toEqual({
      authorization: '[redacted]',
      'idempotency-key': 'k-1',
    });
  });
});

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
