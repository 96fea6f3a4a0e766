import { Injectable, Optional } from '@nestjs/common';
import {
  clientPrintSettings,
  keyedPrintSettings,
  PrintSettings,
  ProductLocation,
} from '../catalog';
import { cacheLookups, TtlCache } from '../common/caching/ttl-cache';
import { MetricsRegistry } from '../common/metrics/metrics-registry';
import type { RecipeSetRef } from '../recipe-sets';
import type { KeyedPrintSettings } from './print-file-sets.repository';

/**
 * How long a recipe set's print settings key is remembered. It is never used unchecked (see
 * PrintSettingsKeys), so this bounds memory, not staleness.
 */
export const PRINT_SETTINGS_KEY_TTL_MS = 10 * 60_000;
/** Two per recipe set: by readable id and by UUID. */
const MAX_ENTRIES = 20_000;

/** A settings key, and what it was computed from. */
export interface RememberedKey {
  key: string;
  /** The client's stored settings as read (null: it had written none). */
  settingsText: string | null;
  /** The version of the product whose locations' overrides went into it. */
  productVersion: number;
}

/** What the key of a recipe set's print files depends on, as read now. */
export interface KeySources {
  settingsText: string | null;
  productVersion: number | null;
}

/**
 * The print settings key of each recipe set read lately, so that the web-to-print read can ask
 * for the file set under it in the statement that reads the recipe set. The key is a function of
 * the client's stored settings and the product's version (its locations' overrides): that
 * statement reads both, and `confirmed` accepts a remembered key only when they are the ones it
 * was computed from. A change of either is seen by the next read, on every instance, without a
 * notice; nothing here can serve files of settings that are no longer the client's.
 */
@Injectable()
export class PrintSettingsKeys {
  private readonly keys: TtlCache<RememberedKey>;

  constructor(@Optional() metrics?: MetricsRegistry) {
    this.keys = new TtlCache({
      maxEntries: MAX_ENTRIES,
      ttlMs: PRINT_SETTINGS_KEY_TTL_MS,
      lookups: metrics && cacheLookups(metrics, 'print_settings_keys'),
    });
  }

  /** The key last computed for the recipe set `ref` names: to ask with, then to confirm. */
  remembered(ref: RecipeSetRef): RememberedKey | undefined {
    return this.keys.get(refKey(ref));
  }

  /** `remembered`'s key if it was computed from the settings and product version read `now`. */
  static confirmed(remembered: RememberedKey | undefined, now: KeySources): string | undefined {
    return remembered &&
      remembered.settingsText === now.settingsText &&
      remembered.productVersion === now.productVersion
      ? remembered.key
      : undefined;
  }

  /**
   * The settings the recipe set's files are made with, from the client's stored settings as read
   * (`settingsText`) and its product; remembered for the next read by either of its references.
   */
  compute(
    recipeSet: { id: string; readableId: string },
    settingsText: string | null,
    product: { version: number; definition: { locations: readonly ProductLocation[] } },
  ): KeyedPrintSettings {
    const stored =
      settingsText === null ? undefined : (JSON.parse(settingsText) as Partial<PrintSettings>);
    const keyed = keyedPrintSettings(clientPrintSettings(stored), product.definition.locations);
    const remembered = { key: keyed.key, settingsText, productVersion: product.version };
    for (const ref of [
      { kind: 'readable', value: recipeSet.readableId },
      { kind: 'uuid', value: recipeSet.id },
    ] as const)
      this.keys.set(refKey(ref), remembered, this.keys.generation);
    return keyed;
  }
}

const refKey = (ref: RecipeSetRef): string => `${ref.kind}:${ref.value}`;
