import { Injectable } from '@nestjs/common';
import { locationPrintSettings, PrintSettingsService, PrintSettingsSnapshot } from '../catalog';
import { Actor } from '../common/auth/actor';
import { ClientAccess } from '../common/auth/client-access';
import { encodePng } from '../common/images/compose';
import { SingleFlight } from '../common/scheduling/single-flight';
import { BlobKeys } from '../common/storage/blob-keys';
import { BlobStore } from '../common/storage/blob-store';
import { AppConfig } from '../config/app-config';
import { OrderForPrint, PrintFileOrdersService } from '../orders';
import { DesignedRecipeSet, RecipeSetDesignsService, RecipeSetNotFound } from '../recipe-sets';
import { ClientImages, RENDERER_VERSION, rasterizeDesign, RenderService } from '../render';
import { ImageResolution, imageResolutions } from './location-files';
import { specificationPdf, viewAngleFor } from './specification-pdf';

/** Longest side of the print previews drawn into the sheet, in pixels. */
const PREVIEW_SIDE = 600;

/** Bump when the sheet is drawn differently, so that stored sheets are no longer used. */
const SPECIFICATION_VERSION = 3; // 3: the client's print settings; 2: print settings and image resolutions
const SPECIFICATIONS = 'specifications';

/**
 * The placement specification of a recipe set (`GET /{clientHandle}/specification/{id}/pdf/`):
 * drawn on request from the current design, with the product rendered from the view angle that
 * shows each location and the order it was last acknowledged in. Deterministic, so stored under a
 * key of its inputs (the design version, the product, the order's state): the second request for
 * the same sheet is a lookup, and concurrent first requests build it once.
 */
@Injectable()
export class SpecificationService {
  constructor(
    private readonly config: AppConfig,
    private readonly designs: RecipeSetDesignsService,
    private readonly renders: RenderService,
    private readonly images: ClientImages,
    private readonly orders: PrintFileOrdersService,
    private readonly store: BlobStore,
    private readonly keys: BlobKeys,
    private readonly printSettings: PrintSettingsService,
  ) {}

  private readonly flight = new SingleFlight<Buffer>();
  private builds = 0;

  /** Sheets this process has drawn (not served from the store), for tests and metrics. */
  get built(): number {
    return this.builds;
  }

  async pdf(
    actor: Actor,
    clientHandle: string,
    ref: string,
  ): Promise<{ name: string; bytes: Buffer }> {
    const handle = ClientAccess.handleInPath(actor, clientHandle);
    const recipeSet = await this.designs.forPrint(actor, ref);
    // A ServiceAdmin names the client in the path: the recipe set must be that client's.
    if (recipeSet.clientHandle !== handle) throw new RecipeSetNotFound(ref.trim());
    const order = await this.orders.latestFor(recipeSet.id);
    const webToPrintUrl = `${this.config.baseUrl}/api/webtoprint/${recipeSet.readableId}`;
    const settings = await this.printSettings.snapshotFor(
      recipeSet.clientId,
      recipeSet.product.definition.locations,
    );
    const key = this.keys.forInputs(
      SPECIFICATIONS,
      {
        v: SPECIFICATION_VERSION,
        renderer: RENDERER_VERSION,
        recipeSet: recipeSet.id,
        design: recipeSet.version,
        product: [recipeSet.product.id, recipeSet.product.version],
        options: recipeSet.options,
        order: order ?? null,
        url: webToPrintUrl,
        settings: settings.key,
      },
      'pdf',
    );
    const bytes = await this.flight.run(key, async () => {
      const stored = await this.store.get(key);
      if (stored) return stored;
      const built = await this.build(recipeSet, order, webToPrintUrl, settings.snapshot);
      await this.store.put(key, built);
      return built;
    });
    return { name: `${recipeSet.readableId}-specification.pdf`, bytes };
  }

  private async build(
    recipeSet: DesignedRecipeSet,
    order: OrderForPrint | undefined,
    webToPrintUrl: string,
    settings: PrintSettingsSnapshot,
  ): Promise<Buffer> {
    this.builds++;
    const { definition } = recipeSet.product;
    const renders = new Map<string, Buffer>();
    const prints = new Map<string, Buffer>();
    const resolutions = new Map<string, ImageResolution[]>();
    const sources = this.images.forDesign(recipeSet.clientId);
    for (const location of definition.locations) {
      const design = recipeSet.design[location.handle];
      if (!design) continue;
      const view = viewAngleFor(definition, location.handle);
      if (view) renders.set(location.handle, await this.renders.png(recipeSet, view));
      const k = PREVIEW_SIDE / Math.max(location.printArea.widthMm, location.printArea.heightMm);
      const size = {
        width: Math.max(1, Math.round(location.printArea.widthMm * k)),
        height: Math.max(1, Math.round(location.printArea.heightMm * k)),
      };
      const raster = await rasterizeDesign(location, design, size, sources);
      if (raster) prints.set(location.handle, await encodePng(raster));
      const { minimumDpi } = locationPrintSettings(settings.client, {
        print: settings.locations[location.handle],
      });
      resolutions.set(location.handle, await imageResolutions(design, sources, minimumDpi));
    }
    return specificationPdf({
      recipeSet,
      product: { handle: definition.handle, definition },
      order,
      webToPrintUrl,
      renders,
      prints,
      resolutions,
      settings,
      outline: sources.outline,
    });
  }
}
