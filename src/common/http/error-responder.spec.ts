import { NotFoundException } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { Request, Response } from 'express';
import { PinoLogger } from 'nestjs-pino';
import { CommonSettings } from '../settings/common-settings';
import { DomainError, ErrorKind, ValidationFailed } from '../errors/domain-error';
import { ErrorResponder } from './error-responder';
import { LogEntryRecord, LogEntryRecorder } from '../errors/log-entry-recorder';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const TEXT = 'text/plain; charset=utf-8';
const PROBLEM = 'application/problem+json';

class FakeRecorder extends LogEntryRecorder {
  record = jest.fn<Promise<void>, [LogEntryRecord]>(() => Promise.resolve());
}

class FakeResponse {
  headersSent = false;
  statusCode = 0;
  contentType = '';
  body: unknown;
  headers: Record<string, string> = {};
  setHeader = jest.fn((name: string, value: string) => ((this.headers[name] = value), this));
  status = jest.fn((code: number) => ((this.statusCode = code), this));
  type = jest.fn((t: string) => ((this.contentType = t), this));
  send = jest.fn((b: unknown) => ((this.body = b), this));
  problem = (): Record<string, unknown> => JSON.parse(String(this.body)) as Record<string, unknown>;
}

function setup() {
  // BASE_URL, and the defaults of JSON_BODY_LIMIT and MAX_UPLOAD_BYTES.
  const config = {
    baseUrl: 'http://api.test',
    jsonBodyLimit: '5mb',
    maxUploadBytes: 25 * 1024 * 1024,
  } as CommonSettings;
  const recorder = new FakeRecorder();
  const logger = { setContext: jest.fn(), error: jest.fn(), warn: jest.fn(), info: jest.fn() };
  const responder = new ErrorResponder(config, recorder, logger as unknown as PinoLogger);
  return { responder, recorder, logger, res: new FakeResponse() };
}

const actor = { clientId: 'c-1', clientHandle: 'acme', role: 'User', tokenId: 't-1' };

/** An authenticated request whose body (if any) was read, unless `extra` says otherwise. */
function request(
  method = 'GET',
  url = '/orders/42?x=1',
  headers: Record<string, string> = {},
  extra: Record<string, unknown> = {},
) {
  return {
    method,
    originalUrl: url,
    url,
    headers,
    id: 'req-1',
    actor,
    complete: true,
    ...extra,
  } as unknown as Request;
}

async function respond(exception: unknown, req = request()) {
  const ctx = setup();
  await ctx.responder.respond(exception, req, ctx.res as unknown as Response);
  return ctx;
}

function expectText(res: FakeResponse, status: number, body: string): void {
  expect([res.statusCode, res.contentType, res.body]).toEqual([status, TEXT, body]);
}

const notFound = () =>
  new DomainError('PURCHASE_ORDER_NOT_FOUND', ErrorKind.NotFound, 'Order 42 was not found.');

describe('ErrorResponder', () => {
  it('sets its logger context', () => {
    expect(setup().logger.setContext).toHaveBeenCalledWith('ErrorResponder');
  });

  it('answers a NotFound DomainError with 404 text/plain and records nothing', async () => {
    const { res, recorder, logger } = await respond(notFound());
    expectText(res, 404, 'Order 42 was not found.');
    expect(recorder.record).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('records a log entry for a DomainError that asks for one and links it', async () => {
    const err = new DomainError('RENDER_TIMED_OUT', ErrorKind.Unprocessable, 'The render failed.', {
      logEntry: true,
    });
    const { res, recorder } = await respond(err, request('POST', '/renders?debug=1'));
    expect(recorder.record).toHaveBeenCalledTimes(1);
    const entry = recorder.record.mock.calls[0][0];
    expect(entry).toEqual({
      id: expect.stringMatching(new RegExp(`^${UUID}$`)),
      status: 422,
      method: 'POST',
      route: '/renders',
      code: 'RENDER_TIMED_OUT',
      message: 'The render failed.',
      requestId: 'req-1',
    });
    const link = `Log entry: http://api.test/logentry/detail/${entry.id}`;
    expectText(res, 422, `The render failed. ${link}`);
  });

  it('answers an unexpected Error with a 500 ProblemDetails that leaks nothing', async () => {
    const { res, recorder, logger } = await respond(new Error('secret db password in stack'));
    expect([res.statusCode, res.contentType]).toEqual([500, PROBLEM]);
    expect(String(res.body)).not.toContain('secret db password');
    expect(recorder.record).toHaveBeenCalledTimes(1);
    const entry = recorder.record.mock.calls[0][0];
    expect(entry).toMatchObject({ status: 500, code: 'INTERNAL_ERROR', route: '/orders/42' });
    expect(res.problem()).toEqual({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: `An unexpected error occurred while processing the request. Log entry: http://api.test/logentry/detail/${entry.id}`,
      code: 'INTERNAL_ERROR',
      requestId: 'req-1',
      logId: entry.id,
    });
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('records nothing for an unauthenticated request: its 500 names the request id instead', async () => {
    const req = request('GET', '/health/live', {}, { actor: undefined });
    const { res, recorder, logger } = await respond(new Error('boom'), req);
    expect(recorder.record).not.toHaveBeenCalled();
    expect(res.problem()).toEqual({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail:
        'An unexpected error occurred while processing the request. Quote request id req-1 when reporting it.',
      code: 'INTERNAL_ERROR',
      requestId: 'req-1',
    });
    expect(logger.error).toHaveBeenCalledTimes(1);
    const logged = await respond(
      new DomainError('PURCHASE_ORDER_ALREADY_SUBMITTED', ErrorKind.Conflict, 'Taken.', {
        logEntry: true,
      }),
      req,
    );
    expect(logged.recorder.record).not.toHaveBeenCalled();
    expectText(logged.res, 409, 'Taken.');
  });

  it('challenges a 401 with the token header, and only a 401', async () => {
    const unauthenticated = new DomainError('TOKEN_MISSING', ErrorKind.Unauthenticated, 'No.');
    const { res } = await respond(unauthenticated, request('GET', '/x', {}, { actor: undefined }));
    expect(res.headers['WWW-Authenticate']).toBe('ApiKey header="SERVICE_API_TOKEN"');
    const { res: other } = await respond(notFound());
    expect(other.headers['WWW-Authenticate']).toBeUndefined();
  });

  it('closes the connection when it answers before the body was read', async () => {
    const socket: { destroySoon?: unknown } = {};
    const unread = request('POST', '/x', {}, { actor: undefined, complete: false, socket });
    const { res } = await respond(
      new DomainError('TOKEN_INVALID', ErrorKind.Unauthenticated, 'No.'),
      unread,
    );
    expect(res.headers.Connection).toBe('close');
    // Closed after the answer without cutting off a client still sending (see unread-body.ts).
    expect(socket.destroySoon).toEqual(expect.any(Function));
    const { res: read } = await respond(notFound());
    expect(read.headers.Connection).toBeUndefined();
  });

  it('answers an unsupported Content-Encoding or charset with 415, an undecodable body with 400', async () => {
    const encoding = { type: 'encoding.unsupported', status: 415, encoding: 'bogus', message: 'x' };
    expectText(
      (await respond(encoding)).res,
      415,
      'The request body\'s Content-Encoding "bogus" is not supported: send it as identity, gzip, deflate or br.',
    );
    const charset = { type: 'charset.unsupported', status: 415, charset: 'latin1', message: 'x' };
    expectText(
      (await respond(charset)).res,
      415,
      'The request body\'s charset "latin1" is not supported: send UTF-8.',
    );
    const undecodable = {
      type: 'entity.decode.failed',
      status: 400,
      message: 'incorrect header check',
    };
    const req = request('POST', '/x', { 'content-encoding': ' GZIP' });
    expectText(
      (await respond(undecodable, req)).res,
      400,
      'The request body could not be decoded as gzip: incorrect header check.',
    );
  });

  it('answers with ProblemDetails when the client accepts application/problem+json', async () => {
    const req = request('GET', '/orders/42', { accept: 'Application/Problem+JSON, */*' });
    const { res } = await respond(notFound(), req);
    expect([res.statusCode, res.contentType]).toEqual([404, PROBLEM]);
    expect(res.problem()).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'Order 42 was not found.',
      code: 'PURCHASE_ORDER_NOT_FOUND',
      requestId: 'req-1',
    });
  });

  it('lists field errors in ProblemDetails for a ValidationFailed, not in text', async () => {
    const fields = [{ field: 'items[0].qty', message: 'items[0].qty must be an integer number' }];
    const err = new ValidationFailed(
      'Invalid request: items[0].qty must be an integer number.',
      fields,
    );
    const { res } = await respond(err, request('POST', '/orders', { accept: PROBLEM }));
    expect([res.statusCode, res.contentType]).toEqual([400, PROBLEM]);
    expect(res.problem()).toMatchObject({
      title: 'Bad Request',
      code: 'VALIDATION_FAILED',
      errors: fields,
    });
    const { res: text } = await respond(err, request('POST', '/orders'));
    expectText(text, 400, 'Invalid request: items[0].qty must be an integer number.');
  });

  it('answers malformed JSON from body-parser with 400', async () => {
    const parseFailed = { type: 'entity.parse.failed', status: 400, message: 'Unexpected token' };
    const { res, recorder } = await respond(parseFailed);
    expectText(res, 400, 'The request body is not valid JSON: Unexpected token.');
    expect(recorder.record).not.toHaveBeenCalled();
  });

  it('answers an oversized body with 413 naming the configured limit', async () => {
    const { res } = await respond({ type: 'entity.too.large', status: 413, message: 'too large' });
    expectText(res, 413, 'The request body is larger than the limit of 5mb.');
  });

  it('still answers 500 when the recorder rejects', async () => {
    const { responder, recorder, logger, res } = setup();
    recorder.record.mockRejectedValueOnce(new Error('db down'));
    const answer = responder.respond(new Error('boom'), request(), res as unknown as Response);
    await expect(answer).resolves.toBeUndefined();
    expect([res.statusCode, res.contentType]).toEqual([500, PROBLEM]);
    expect(res.problem().detail).toMatch(
      new RegExp(`Log entry: http://api\\.test/logentry/detail/${UUID}$`),
    );
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ requestId: 'req-1' }),
      'could not persist the log entry',
    );
  });

  it("answers Nest's unmatched-route NotFoundException with 404 naming method and path", async () => {
    const { res } = await respond(new NotFoundException('Cannot GET /x'), request('GET', '/x?y=2'));
    expectText(res, 404, 'No route matches GET /x.');
  });

  it('answers a ThrottlerException with 429', async () => {
    const { res } = await respond(new ThrottlerException());
    expectText(res, 429, 'Rate limit exceeded.');
  });

  it('records but does not send when headers were already sent', async () => {
    const { responder, recorder, res } = setup();
    res.headersSent = true;
    await responder.respond(new Error('late'), request(), res as unknown as Response);
    expect(recorder.record).toHaveBeenCalledTimes(1);
    expect(res.status).not.toHaveBeenCalled();
    expect(res.send).not.toHaveBeenCalled();
  });
});
