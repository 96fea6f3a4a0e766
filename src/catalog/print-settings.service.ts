import { Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { Clock } from '../common/clock/clock';
import { invalidWithProblems } from '../common/errors/domain-error';
import { ClientsService } from '../clients';
import { PrintSettingsInputDto } from './dto/print-settings.dto';
import {
  clientPrintSettings,
  colourProblems,
  DEFAULT_PRINT_SETTINGS,
  fileNameTemplateProblems,
  keyedPrintSettings,
  mergePrintSettings,
  normalised,
  PrintSettings,
  PrintSettingsSnapshot,
} from './print-settings';
import type { ProductLocation } from './product-definition';
import { PrintSettingsRepository } from './print-settings.repository';

/**
 * Clients' print settings: admins read and replace them; the print-file worker and the
 * specification sheet read them (with each location's overrides from the product definition).
 */
@Injectable()
export class PrintSettingsService {
  constructor(
    private readonly repo: PrintSettingsRepository,
    private readonly clients: ClientsService,
    private readonly clock: Clock,
  ) {}

  async get(actor: Actor, clientHandle: string): Promise<PrintSettings> {
    return this.forClient(await this.clients.idFor(actor, clientHandle));
  }

  /**
   * Replaces the client's settings: what the body leaves out takes its default (a colour space
   * alone its default profile, a profile alone its colour space). Print files made afterwards use
   * them; files already made stay as they are.
   */
  async put(
    actor: Actor,
    clientHandle: string,
    input: PrintSettingsInputDto,
  ): Promise<PrintSettings> {
    const clientId = await this.clients.idFor(actor, clientHandle);
    const problems = colourProblems(input);
    if (input.fileNameTemplate !== undefined)
      problems.push(...fileNameTemplateProblems(input.fileNameTemplate));
    if (problems.length > 0) throw invalidWithProblems('print settings', problems);
    // The defaults with what the body gives (a colour space or a profile alone completed).
    const settings = normalised(mergePrintSettings(DEFAULT_PRINT_SETTINGS, input));
    await this.repo.put(clientId, settings, this.clock.now());
    return settings;
  }

  /** The client's settings (the defaults when it has written none). */
  async forClient(clientId: string): Promise<PrintSettings> {
    return clientPrintSettings(await this.repo.find(clientId));
  }

  /**
   * What a product's print files are made with now: the client's settings and its locations'
   * overrides, with their key (print-file sets are stored per key).
   */
  async snapshotFor(
    clientId: string,
    locations: readonly ProductLocation[],
  ): Promise<{ key: string; snapshot: PrintSettingsSnapshot }> {
    return keyedPrintSettings(await this.forClient(clientId), locations);
  }
}
