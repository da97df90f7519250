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

  it('replaces every header that may carry a credential, whatever its case', () => {
    const headers = new Headers({
      Cookie: 'session=abc',
      'X-Api-Key': 'k1',
      'Api-Key': 'k2',
      'X-Auth-Token': 't1',
      'X-Client-Secret': 's1',
      'Proxy-Authorization': 'Basic eA==',
      Accept: 'application/json',
      'X-Trace': 'abc',
    });
    expect(redactHeaders(headers)).toEqual({
      accept: 'application/json',
      'api-key': '[redacted]',
      cookie: '[redacted]',
      'proxy-authorization': '[redacted]',
      'x-api-key': '[redacted]',
      'x-auth-token': '[redacted]',
      'x-client-secret': '[redacted]',
      'x-trace': 'abc',
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
