import {
  applyDecorators,
  CallHandler,
  createParamDecorator,
  ExecutionContext,
  Inject,
  Injectable,
  mixin,
  NestInterceptor,
  Type,
  UseInterceptors,
} from '@nestjs/common';
import { ApiConsumes } from '@nestjs/swagger';
import { Request, RequestHandler, Response } from 'express';
import multer, { MulterError } from 'multer';
import { from, Observable, switchMap } from 'rxjs';
import { CommonSettings } from '../settings/common-settings';
import { DomainError, ErrorKind } from '../errors/domain-error';
import { ApiTextError } from '../openapi/api-text-error.decorator';
import { WorkPools } from '../scheduling/work-pools';
import { Actor } from '../auth/actor';
import { sha256Hex } from '../crypto/digest';
import { slicedMemoryStorage } from './sliced-memory-storage';

/**
 * The one file that imports multer: `multipart/form-data` requests carrying one file and a few
 * text fields, read into memory once the token guard has let the request in (route interceptors
 * run after guards), so a caller without a valid token is refused before its body is read, and
 * once a slot of the upload-body pool is free (see WorkPools.uploadBodies).
 */

/** The 400s of a multipart body, for the route's own 400 description. */
export const MULTIPART_400 =
  'the body is malformed multipart, the file field is missing, a file came in another field, or a text field is too long';

/** As HTTP/1.1 says: a body is announced by Content-Length (not 0) or Transfer-Encoding. */
function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The uploaded file, as handlers receive it. */
export interface UploadedFile {
  bytes: Buffer;
  /** The name the client gave the part (`filename=`), if any; never trusted for the type. */
  fileName?: string;
}

export interface SingleFileUploadOptions {
  /** The multipart field that carries the file (default `file`). */
  field?: string;
  /** Most bytes the file may have (default MAX_UPLOAD_BYTES). */
  maxBytes?: number;
  /**
   * The route also takes a JSON body (or none), then without a file (read it with
   * {@link UploadedFileIfAny}); a body of any other type is 415.
   */
  orJson?: boolean;
}

/** Text fields beside the file: few and short (names, references), never a second payload. */
const MAX_TEXT_FIELDS = 8;
const MAX_TEXT_FIELD_BYTES = 4096;
const MAX_FIELD_NAME_BYTES = 100;
/** What the text fields and part headers may add to the file in a body's Content-Length. */
const FORM_OVERHEAD_BYTES = MAX_TEXT_FIELDS * (MAX_TEXT_FIELD_BYTES + 512) + 4096;

/** The request body is not `multipart/form-data`. */
export class NotMultipart extends DomainError {
  constructor(contentType: string | undefined, orJson = false) {
    super(
      'NOT_MULTIPART',
      ErrorKind.UnsupportedMediaType,
      `The request body must be ${orJson ? 'application/json or ' : ''}multipart/form-data${contentType ? `, not ${contentType.split(';')[0].trim().slice(0, 100)}` : ''}.`,
    );
  }
}

/** A compressed multipart body: images are compressed already, and a zip bomb is not read. */
export class EncodedUpload extends DomainError {
  constructor(encoding: string) {
    super(
      'UNSUPPORTED_ENCODING',
      ErrorKind.UnsupportedMediaType,
      `The request body's Content-Encoding "${encoding.slice(0, 100)}" is not supported for uploads: send it as identity.`,
    );
  }
}

/** The file (or the whole body) is larger than the limit. */
export class UploadTooLarge extends DomainError {
  constructor(maxBytes: number) {
    super(
      'UPLOAD_TOO_LARGE',
      ErrorKind.PayloadTooLarge,
      `The file is larger than the upload limit of ${formatBytes(maxBytes)}.`,
    );
  }
}

/** The multipart body breaks a rule: no file, another file field, too many or too long fields. */
export class UploadRejected extends DomainError {
  constructor(message: string) {
    super('UPLOAD_REJECTED', ErrorKind.BadRequest, message);
  }
}

/** `26214400` → `25 MB`, `102400` → `100 KB`, else bytes. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return bytes === 1 ? '1 byte' : `${bytes} bytes`;
}

/** The SHA-256 of the uploaded file, which `req.body` (the text fields) does not carry. */
export async function uploadFingerprint(bytes: Buffer): Promise<string> {
  return `file:${await sha256Hex(bytes)}`;
}

function uploadInterceptor(options: SingleFileUploadOptions): Type<NestInterceptor> {
  const field = options.field ?? 'file';

  @Injectable()
  class SingleFileUploadInterceptor implements NestInterceptor {
    private readonly maxBytes: number;
    private readonly parser: RequestHandler;

    constructor(
      @Inject(CommonSettings) config: CommonSettings,
      @Inject(WorkPools) private readonly pools: WorkPools,
    ) {
      this.maxBytes = options.maxBytes ?? config.maxUploadBytes;
      this.parser = multer({
        storage: slicedMemoryStorage(),
        // Names as browsers send them (raw UTF-8), not busboy's default latin1.
        defParamCharset: 'utf8',
        limits: {
          fileSize: this.maxBytes,
          files: 1,
          fields: MAX_TEXT_FIELDS,
          fieldSize: MAX_TEXT_FIELD_BYTES,
          fieldNameSize: MAX_FIELD_NAME_BYTES,
          parts: MAX_TEXT_FIELDS + 1,
          headerPairs: 20,
          fieldNestingDepth: 0,
        },
      }).single(field);
    }

    intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
      const http = context.switchToHttp();
      const req = http.getRequest<Request>();
      return from(this.read(req, http.getResponse<Response>())).pipe(
        switchMap(() => next.handle()),
      );
    }

    private async read(req: Request, res: Response): Promise<void> {
      const contentType = req.headers['content-type'];
      if (!req.is('multipart/form-data')) {
        // A JSON body was read by JsonBodyInterceptor already.
        const json = req.is(['application/json', 'application/*+json']);
        if (options.orJson && (json || !hasBody(req))) return;
        throw new NotMultipart(contentType, options.orJson);
      }
      const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
      if (encoding !== 'identity') throw new EncodedUpload(encoding);
      // A body announced larger than the file limit plus room for the text fields is refused
      // before a byte of it is read.
      const length = Number(req.headers['content-length']);
      if (length > this.maxBytes + FORM_OVERHEAD_BYTES) throw new UploadTooLarge(this.maxBytes);
      // Bodies in memory are bounded (UPLOAD_BODIES, each client its share): the body is read only
      // once a slot is free, and the slot is held until the answer is sent (the bytes, and what
      // decoding them costs, live until then). Past UPLOAD_QUEUE_WAIT_MS: 503 with Retry-After.
      const client = (req as Request & { actor?: Actor }).actor?.clientId ?? '';
      const release = await this.pools.uploadBodies.acquire(client);
      res.once('close', release);
      await new Promise<void>((resolve, reject) =>
        this.parser(req, res, (err?: unknown) => (err ? reject(this.rejection(err)) : resolve())),
      );
      const file = req.file;
      if (!file) throw new UploadRejected(`Multipart field ${field} is required (the file).`);
      // multer builds the text fields on a null-prototype object: hand on a plain one.
      req.body = { ...(req.body as Record<string, unknown>) };
      const upload: UploadedFile = {
        bytes: file.buffer,
        ...(file.originalname ? { fileName: file.originalname } : {}),
      };
      Object.assign(req, { upload });
      // Only a request with an Idempotency-Key needs the file's digest (IdempotencyInterceptor,
      // after this one): hashing a 25 MB file is ~30 ms of the event loop's time.
      if (req.headers['idempotency-key'] !== undefined)
        req.bodyFingerprint = await uploadFingerprint(file.buffer);
    }

    private rejection(err: unknown): Error {
      if (!(err instanceof MulterError)) {
        // busboy's complaints about the body itself (no boundary, unexpected end of form).
        const message = err instanceof Error ? err.message : String(err);
        return new UploadRejected(`The multipart body could not be read: ${message}.`);
      }
      const name = err.field ? ` ${JSON.stringify(err.field.slice(0, 100))}` : '';
      switch (err.code) {
        case 'LIMIT_FILE_SIZE':
          return new UploadTooLarge(this.maxBytes);
        case 'LIMIT_UNEXPECTED_FILE':
          return new UploadRejected(
            `Unexpected file field${name}: send exactly one file, in field ${field}.`,
          );
        case 'LIMIT_FILE_COUNT':
          return new UploadRejected(`Send exactly one file, in field ${field}.`);
        case 'LIMIT_FIELD_VALUE':
          return new UploadRejected(
            `Text field${name} is longer than ${MAX_TEXT_FIELD_BYTES} bytes.`,
          );
        case 'LIMIT_FIELD_COUNT':
        case 'LIMIT_PART_COUNT':
          return new UploadRejected(
            `The multipart body has too many parts: at most one file and ${MAX_TEXT_FIELDS} text fields.`,
          );
        case 'LIMIT_FIELD_KEY':
          return new UploadRejected(
            `A multipart field name is longer than ${MAX_FIELD_NAME_BYTES} bytes.`,
          );
        default:
          return new UploadRejected(`The multipart body was refused: ${err.message}${name}.`);
      }
    }
  }
  return mixin(SingleFileUploadInterceptor);
}

/**
 * The route takes `multipart/form-data` with one file in `options.field` (default `file`) and a
 * few short text fields (the route's `@Body()`); the handler reads the file with
 * {@link UploadedFileBytes}. Documents 413 and 415; the route documents its 400 (see
 * {@link MULTIPART_400}) with its own reasons. Answers: 400 when the file is missing or sent in another field, or a
 * text field breaks a limit; 413 beyond `maxBytes` (default MAX_UPLOAD_BYTES); 415 for a body of
 * another type. Put it below `@Idempotent()`, so the Idempotency-Key hash sees the file's digest.
 */
export function SingleFileUpload(options: SingleFileUploadOptions = {}): MethodDecorator {
  return applyDecorators(
    UseInterceptors(uploadInterceptor(options)),
    ApiConsumes(...(options.orJson ? ['application/json'] : []), 'multipart/form-data'),
    ApiTextError(
      413,
      `The file is larger than ${options.maxBytes ? formatBytes(options.maxBytes) : 'MAX_UPLOAD_BYTES (default 25 MB)'}.`,
      'The file is larger than the upload limit of 25 MB.',
    ),
    options.orJson
      ? ApiTextError(
          415,
          'The body is neither JSON nor multipart/form-data, or its Content-Encoding is not supported.',
          'The request body must be application/json or multipart/form-data, not text/plain.',
        )
      : ApiTextError(
          415,
          'The body is not multipart/form-data, or its Content-Encoding is not supported.',
          'The request body must be multipart/form-data, not application/json.',
        ),
  );
}

/** The file of a {@link SingleFileUpload} route. */
export const UploadedFileBytes = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): UploadedFile => {
    const upload = ctx.switchToHttp().getRequest<{ upload?: UploadedFile }>().upload;
    if (!upload) throw new Error('UploadedFileBytes used on a route without @SingleFileUpload()');
    return upload;
  },
);

/** The file of a {@link SingleFileUpload} route with `orJson`: undefined for a JSON body. */
export const UploadedFileIfAny = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): UploadedFile | undefined =>
    ctx.switchToHttp().getRequest<{ upload?: UploadedFile }>().upload,
);
