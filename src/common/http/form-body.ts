import express, { Request, RequestHandler, Response } from 'express';

/** A form's fields as sent (`application/x-www-form-urlencoded`); repeated names keep the first. */
export type FormFields = Record<string, string>;

const parser: RequestHandler = express.urlencoded({
  extended: false,
  limit: '16kb',
  parameterLimit: 20,
  type: 'application/x-www-form-urlencoded',
});

/**
 * Reads the body of a server-rendered form's POST (at most 16 KiB, 20 fields; other content
 * types give no fields). The JSON body interceptor leaves such bodies alone.
 */
export function readForm(req: Request, res: Response): Promise<FormFields> {
  return new Promise((resolve, reject) =>
    parser(req, res, (err?: unknown) => {
      if (err) return reject(err instanceof Error ? err : new Error('the form could not be read'));
      const fields: FormFields = {};
      const body = (req.body ?? {}) as Record<string, unknown>;
      for (const [name, value] of Object.entries(body)) {
        const first: unknown = Array.isArray(value) ? value[0] : value;
        if (typeof first === 'string') fields[name] = first;
      }
      resolve(fields);
    }),
  );
}
