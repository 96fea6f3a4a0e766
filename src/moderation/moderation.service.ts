import { Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { UploadedFile } from '../common/http/single-file-upload';
import { checkArtwork, ModerationIssue, Severity } from './artwork-checks';
import { ModerationRequestDto } from './dto/moderation-request.dto';
import { ArtworkModerationDto, MachineModerationDto } from './dto/moderation-result.dto';
import { machineCheck, MachineReason, verdictOf } from './machine-checks';
import { ModerationInputs } from './moderation-inputs';
import { ListedWord, ModerationListsService } from './moderation-lists.service';
import { ModerationRepository } from './moderation.repository';

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
const round1 = (n: number) => Math.round(n * 10) / 10;

/** `"a", "b"` of the de list; … */
function describeWords(found: readonly ListedWord[]): string {
  const byLocale = new Map<string, string[]>();
  for (const f of found) byLocale.set(f.locale, [...(byLocale.get(f.locale) ?? []), f.word]);
  return [...byLocale]
    .map(([locale, words]) => `${words.map((w) => `"${w}"`).join(', ')} of the ${locale} list`)
    .join('; ');
}

/**
 * Artwork moderation (print suitability, with issues) and machine moderation (a verdict from a
 * blocklist of perceptual hashes, blank and oddly shaped images). Both act for the token's client
 * and store nothing.
 */
@Injectable()
export class ModerationService {
  constructor(
    private readonly inputs: ModerationInputs,
    private readonly lists: ModerationListsService,
    private readonly repo: ModerationRepository,
  ) {}

  async artwork(
    actor: Actor,
    body: ModerationRequestDto,
    file?: UploadedFile,
  ): Promise<ArtworkModerationDto> {
    const { artwork, location, given } = await this.inputs.resolve(actor.clientId, body, file);
    const findings = checkArtwork({ artwork, location, given });
    const issues: ModerationIssue[] = [...findings.issues];
    const found = await this.lists.listedWordsIn(actor.clientId, body.text, body.locale);
    if (found.length > 0)
      issues.push({
        code: 'OFFENSIVE_TEXT',
        severity: 'error',
        message: `The text contains listed words: ${describeWords(found)}.`,
      });
    issues.sort((a, b) => RANK[a.severity] - RANK[b.severity]);
    const raster = artwork.kind === 'raster' ? artwork : undefined;
    return {
      approved: !issues.some((i) => i.severity === 'error'),
      issues,
      measurements: {
        format: artwork.format,
        width: artwork.width,
        height: artwork.height,
        placementWidthMm: findings.placement ? round1(findings.placement.widthMm) : null,
        placementHeightMm: findings.placement ? round1(findings.placement.heightMm) : null,
        effectiveDpi: findings.effectiveDpi ?? null,
        requiredDpi: findings.requiredDpi ?? null,
        colours: raster ? raster.colours : null,
        hasTransparency: raster ? raster.transparentShare > 0 || raster.partialShare > 0 : null,
      },
    };
  }

  async machine(
    actor: Actor,
    body: ModerationRequestDto,
    file?: UploadedFile,
  ): Promise<MachineModerationDto> {
    const { artwork } = await this.inputs.resolve(actor.clientId, body, file);
    const blocked = await this.repo.hashes(actor.clientId);
    const { reasons, scores } = machineCheck(artwork, blocked);
    const found = await this.lists.listedWordsIn(actor.clientId, body.text, body.locale);
    const all: MachineReason[] = [...reasons];
    if (found.length > 0)
      all.push({
        code: 'OFFENSIVE_TEXT',
        verdict: 'block',
        message: `The text contains listed words: ${describeWords(found)}.`,
      });
    return {
      verdict: verdictOf(all),
      reasons: all.map(({ code, message }) => ({ code, message })),
      scores,
      hash: artwork.kind === 'raster' ? artwork.hash : null,
    };
  }
}
