import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { AppConfig } from '../config/app-config';
import { invalidField } from '../common/errors/domain-error';
import { isUniqueViolation } from '../common/persistence/pg-errors';
import {
  BlockedHashDto,
  BlockedHashInputDto,
  WordDto,
  WordInputDto,
  WordListDto,
} from './dto/moderation-lists.dto';
import { BlockedHashEntity } from './entities/blocked-hash.entity';
import { ModerationWordEntity } from './entities/moderation-word.entity';
import { ModerationInputs } from './moderation-inputs';
import { ModerationRepository } from './moderation.repository';
import { BlockedHashNotFound, WordListed, WordNotFound } from './moderation.errors';
import { BUILT_IN_WORDS } from './word-lists';
import { findListedWords, languageOf, normalizeEntry } from './word-matching';

/**
 * Default caps (MODERATION_MAX_WORDS, MODERATION_MAX_BLOCKED_HASHES) on the words a client may
 * add and the hashes it may block: one check reads them all.
 */
export const MAX_WORDS_PER_CLIENT = 2000;
export const MAX_BLOCKED_HASHES_PER_CLIENT = 10_000;
/** Longest word as stored (folding can lengthen it: `ﬃ` is `ffi`). */
const MAX_STORED_WORD = 500;

/** A listed word found in a text, with the language whose list has it. */
export interface ListedWord {
  locale: string;
  word: string;
}

const wordDto = (w: ModerationWordEntity): WordDto => ({
  id: w.id,
  locale: w.locale,
  word: w.word,
  createdDate: w.createdAt.toISOString(),
});

const hashDto = (h: BlockedHashEntity): BlockedHashDto => ({
  id: h.id,
  hash: h.hash,
  label: h.label,
  createdDate: h.createdAt.toISOString(),
});

/** The clients' word lists (beside the built-in ones) and hash blocklists. */
@Injectable()
export class ModerationListsService {
  constructor(
    private readonly repo: ModerationRepository,
    private readonly inputs: ModerationInputs,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  /**
   * The listed words in `text`: of the language of `locale` (built-in and the client's), or of
   * every language without one.
   */
  async listedWordsIn(
    clientId: string,
    text: string | null | undefined,
    locale: string | null | undefined,
  ): Promise<ListedWord[]> {
    if (!text?.trim()) return [];
    const language = locale ? languageOf(locale) : undefined;
    const own = await this.repo.words(clientId, language ? [language] : undefined);
    const lists = new Map<string, string[]>();
    for (const [lang, words] of Object.entries(BUILT_IN_WORDS))
      if (!language || lang === language) lists.set(lang, [...words]);
    for (const w of own) lists.set(w.locale, [...(lists.get(w.locale) ?? []), w.word]);
    return [...lists].flatMap(([lang, words]) =>
      findListedWords(text, words).map((word) => ({ locale: lang, word })),
    );
  }

  async words(clientId: string, locale?: string): Promise<WordListDto> {
    const rows = await this.repo.words(clientId, locale ? [languageOf(locale)] : undefined);
    return {
      data: rows.map(wordDto),
      builtInCounts: Object.fromEntries(
        Object.entries(BUILT_IN_WORDS).map(([lang, words]) => [lang, words.length]),
      ),
    };
  }

  async addWord(clientId: string, input: WordInputDto): Promise<WordDto> {
    const word = normalizeEntry(input.word);
    if (!word) throw invalidField('word', 'must contain a letter or digit');
    if (word.length > MAX_STORED_WORD)
      throw invalidField('word', `must be at most ${MAX_STORED_WORD} characters once normalised`);
    const locale = languageOf(input.locale);
    try {
      return wordDto(
        await this.repo.insertWord(
          { clientId, locale, word, createdAt: this.clock.now() },
          this.config.moderationMaxWords,
        ),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw new WordListed(locale, word);
      throw err;
    }
  }

  async deleteWord(clientId: string, id: number): Promise<void> {
    if (!(await this.repo.deleteWord(clientId, id))) throw new WordNotFound(id);
  }

  async hashes(clientId: string): Promise<BlockedHashDto[]> {
    return (await this.repo.hashes(clientId)).map(hashDto);
  }

  /** Blocks a hash as given, or the hash of one of the client's uploads. */
  async addHash(clientId: string, input: BlockedHashInputDto): Promise<BlockedHashDto> {
    if (input.hash !== undefined && input.uploadedAssetId !== undefined)
      throw invalidField('hash', 'and uploadedAssetId must not both be sent');
    if (input.hash === undefined && input.uploadedAssetId === undefined)
      throw invalidField('hash', 'or uploadedAssetId is required');
    let hash = input.hash?.toLowerCase();
    if (hash === undefined) {
      const artwork = await this.inputs.analyseUpload(clientId, input.uploadedAssetId as number);
      // Uploads are raster images (SVG is refused when uploading).
      if (artwork.kind !== 'raster') throw invalidField('uploadedAssetId', 'names no raster image');
      hash = artwork.hash;
    }
    return hashDto(
      await this.repo.insertHash(
        { clientId, hash, label: input.label || null, createdAt: this.clock.now() },
        this.config.moderationMaxBlockedHashes,
      ),
    );
  }

  async deleteHash(clientId: string, id: number): Promise<void> {
    if (!(await this.repo.deleteHash(clientId, id))) throw new BlockedHashNotFound(id);
  }
}
