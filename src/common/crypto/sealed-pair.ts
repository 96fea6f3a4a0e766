import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto';

const TAG_BYTES = 16;
const PAIR_BYTES = 16;

/** The encryption and authentication keys of one secret. */
interface Keys {
  enc: Buffer;
  mac: Buffer;
}

const keysOf = (secret: Buffer): Keys => ({
  enc: createHmac('sha256', secret).update('enc').digest(),
  mac: createHmac('sha256', secret).update('mac').digest(),
});

/**
 * Two unsigned 64-bit numbers sealed into an opaque token bound to a context (a client's id):
 * `<prefix><43 base64url characters>`, always the same length. Deterministic authenticated
 * encryption (SIV: the tag, an HMAC-SHA256 of the context and the numbers, is the IV of AES-256-CTR),
 * so the same pair in the same context gives the same token, a token reveals nothing of the
 * numbers, and a token altered, made up or taken from another context does not open. Sealed with
 * the first secret, opened with any (a rotated key keeps its tokens working).
 */
export class SealedPairs {
  private readonly keys: Keys[];

  constructor(
    secrets: readonly { secret: Buffer }[],
    private readonly prefix: string,
  ) {
    if (secrets.length === 0) throw new Error('SealedPairs needs a secret');
    this.keys = secrets.map((s) => keysOf(s.secret));
  }

  seal(context: string, pair: readonly [bigint, bigint]): string {
    const plain = Buffer.alloc(PAIR_BYTES);
    plain.writeBigUInt64BE(pair[0], 0);
    plain.writeBigUInt64BE(pair[1], 8);
    const keys = this.keys[0];
    const tag = this.tag(keys, context, plain);
    return `${this.prefix}${Buffer.concat([tag, ctr(keys, tag, plain)]).toString('base64url')}`;
  }

  /** The pair sealed in `token` for `context`, or undefined when it does not open. */
  open(context: string, token: string): [bigint, bigint] | undefined {
    if (!token.startsWith(this.prefix)) return undefined;
    const text = token.slice(this.prefix.length);
    const bytes = Buffer.from(text, 'base64url');
    // Only the one spelling seal writes (Buffer skips stray characters and unused bits).
    if (bytes.length !== TAG_BYTES + PAIR_BYTES || bytes.toString('base64url') !== text)
      return undefined;
    const tag = bytes.subarray(0, TAG_BYTES);
    for (const keys of this.keys) {
      const plain = ctr(keys, tag, bytes.subarray(TAG_BYTES));
      if (timingSafeEqual(this.tag(keys, context, plain), tag))
        return [plain.readBigUInt64BE(0), plain.readBigUInt64BE(8)];
    }
    return undefined;
  }

  private tag(keys: Keys, context: string, plain: Buffer): Buffer {
    return createHmac('sha256', keys.mac)
      .update(Buffer.from(context, 'utf8'))
      .update(Buffer.from([0]))
      .update(plain)
      .digest()
      .subarray(0, TAG_BYTES);
  }
}

function ctr(keys: Keys, iv: Buffer, data: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-ctr', keys.enc, iv);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}
