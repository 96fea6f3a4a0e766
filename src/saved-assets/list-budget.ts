/**
 * What a list answer weighs as it is written: the envelope around the items, and every item's
 * JSON twice (the envelope carries the same array under `contents` and `data`) with the commas
 * between them. The answer is refused before a byte of it is sent once the next item would take it
 * past its limit, so the work spent on a refused list is bounded by the limit too.
 */
export class ListBudget {
  private used: number;
  private items = 0;

  /**
   * `maxBytes`: the most UTF-8 bytes the whole answer may have; `envelopeBytes`: the bytes of
   * everything around the two arrays (hash and paging included).
   */
  constructor(
    readonly maxBytes: number,
    envelopeBytes: number,
  ) {
    this.used = envelopeBytes;
  }

  /** Items counted so far (those that fit). */
  get count(): number {
    return this.items;
  }

  /** The answer's bytes with the items counted so far. */
  get bytes(): number {
    return this.used;
  }

  /**
   * Counts an item of `itemBytes` (its JSON, once) if the answer stays within the limit with it,
   * in both arrays; false, counting nothing, when it would not.
   */
  add(itemBytes: number): boolean {
    const next = this.used + 2 * (itemBytes + (this.items > 0 ? 1 : 0));
    if (next > this.maxBytes) return false;
    this.used = next;
    this.items++;
    return true;
  }
}

/**
 * The largest answer a list of `items` items of at most `itemBytes` each can make, with an
 * envelope of `envelopeBytes`: what LIST_MAX_RESPONSE_BYTES must hold for such a list never to be
 * refused.
 */
export const worstListBytes = (items: number, itemBytes: number, envelopeBytes: number): number =>
  envelopeBytes + 2 * (items * itemBytes + Math.max(0, items - 1));
