import { AssetFormatEntity } from './entities/asset-format.entity';
import { UnknownAssetFormat } from './saved-assets.errors';

/** Other spellings of seeded extensions. */
const ALIASES: Record<string, string> = { jpeg: 'jpg', tiff: 'tif' };

/** The extension of a URL's path (`…/design.DST?x=1` → `dst`), if it has one. */
export function extensionOfUri(uri: string): string | undefined {
  let path: string;
  try {
    path = new URL(uri).pathname;
  } catch {
    return undefined;
  }
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : undefined;
}

/**
 * The format `named` (an extension with or without its dot, or a MIME type, any case), or else
 * the one of the URI's extension; 400 naming `field` when neither is known.
 */
export function resolveFormat(
  formats: readonly AssetFormatEntity[],
  field: string,
  named: string | null | undefined,
  uri: string,
): AssetFormatEntity {
  const wanted = named?.trim() || extensionOfUri(uri) || '';
  const key = wanted.toLowerCase().replace(/^\./, '');
  const found =
    formats.find((f) => f.extension === (ALIASES[key] ?? key)) ??
    formats.find((f) => f.mimeType.toLowerCase() === key);
  if (!found)
    throw new UnknownAssetFormat(
      field,
      wanted || uri,
      formats.map((f) => f.extension),
    );
  return found;
}
