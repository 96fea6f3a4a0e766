import { NotFoundException } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { Request, Response } from 'express';
import { PinoLogger } from 'nestjs-pino';
import { AppConfig } from '../../config/app-config';
import { parseEnvironment } from '../../config/environment';
import { DomainError, ErrorKind, ValidationFailed } from './domain-error';
import { ErrorResponder } from './error-responder';
import { LogEntryRecord, LogEntryRecorder } from './log-entry-recorder';

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
  status = jest.fn((code: number) => ((this.statusCode = code), this));
  type = jest.fn((t: string) => ((this.contentType = t), this));
  send = jest.fn((b: unknown) => ((this.body = b), this));
  problem = (): Record<string, unknown> => JSON.parse(String(this.body)) as Record<string, unknown>;
}

function setup() {
  const config = new AppConfig(parseEnvironment({ BASE_URL: 'http://api.test' }));
  const recorder = new FakeRecorder();
  const logger = { setContext: jest.fn(), error: jest.fn(), warn: jest.fn(), info: jest.fn() };
  const responder = new ErrorResponder(config, recorder, logger as unknown as PinoLogger);
  return { responder, recorder, logger, res: new FakeResponse() };
}

function request(method = 'GET', url = '/orders/42?x=1', headers: Record<string, string> = {}) {
  return { method, originalUrl: url, url, headers, id: 'req-1' } as unknown as Request;
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
  new DomainError('ORDER_NOT_FOUND', ErrorKind.NotFound, 'Order 42 was not found.');

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
    const err = new DomainError('RENDER_FAILED', ErrorKind.Unprocessable, 'The render failed.', {
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
      code: 'RENDER_FAILED',
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

  it('answers with ProblemDetails when the client accepts application/problem+json', async () => {
    const req = request('GET', '/orders/42', { accept: 'Application/Problem+JSON, */*' });
    const { res } = await respond(notFound(), req);
    expect([res.statusCode, res.contentType]).toEqual([404, PROBLEM]);
    expect(res.problem()).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'Order 42 was not found.',
      code: 'ORDER_NOT_FOUND',
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
