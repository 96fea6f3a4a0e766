import { DomainError, ErrorKind } from '../common/errors/domain-error';

/** A location the product does not have. */
export class LocationNotFound extends DomainError {
  constructor(product: string, location: string, known: readonly string[]) {
    super(
      'LOCATION_NOT_FOUND',
      ErrorKind.NotFound,
      `Product ${product} has no location ${location} (its locations: ${known.join(', ') || 'none'}).`,
    );
  }
}

export class WordNotFound extends DomainError {
  constructor(id: number | string) {
    super('MODERATION_WORD_NOT_FOUND', ErrorKind.NotFound, `Moderation word ${id} was not found.`);
  }
}

export class BlockedHashNotFound extends DomainError {
  constructor(id: number | string) {
    super('BLOCKED_HASH_NOT_FOUND', ErrorKind.NotFound, `Blocked hash ${id} was not found.`);
  }
}

export class WordListed extends DomainError {
  constructor(locale: string, word: string) {
    super(
      'MODERATION_WORD_LISTED',
      ErrorKind.Conflict,
      `"${word}" is on the ${locale} word list already.`,
    );
  }
}

/** A cap on a client's list, so that one check never reads an unbounded list. */
export class ModerationListFull extends DomainError {
  constructor(what: string, max: number) {
    super('MODERATION_LIST_FULL', ErrorKind.Conflict, `A client may have at most ${max} ${what}.`);
  }
}
