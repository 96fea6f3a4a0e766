import { Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { ClientAccess } from '../common/auth/client-access';
import { encodePng } from '../common/images/compose';
import { AppConfig } from '../config/app-config';
import { PrintFileOrdersService } from '../orders/print-file-orders.service';
import { RecipeSetDesignsService, RecipeSetNotFound } from '../recipesets';
import { ClientImages, rasterizeDesign, RenderService } from '../render';
import { specificationPdf, viewAngleFor } from './specification-pdf';

/** Longest side of the print previews drawn into the sheet, in pixels. */
const PREVIEW_SIDE = 600;

/**
 * The placement specification of a recipe set (`GET /{clientHandle}/specification/{id}/pdf/`):
 * drawn on request from the current design, with the product rendered from the view angle that
 * shows each location and the order it was last acknowledged in.
 */
@Injectable()
export class SpecificationService {
  constructor(
    private readonly config: AppConfig,
    private readonly designs: RecipeSetDesignsService,
    private readonly renders: RenderService,
    private readonly images: ClientImages,
    private readonly orders: PrintFileOrdersService,
  ) {}

  async pdf(
    actor: Actor,
    clientHandle: string,
    ref: string,
  ): Promise<{ name: string; bytes: Buffer }> {
    const handle = ClientAccess.handleInPath(actor, clientHandle);
    const recipeSet = await this.designs.forPrint(actor, ref);
    // A ServiceAdmin names the client in the path: the recipe set must be that client's.
    if (recipeSet.clientHandle !== handle) throw new RecipeSetNotFound(ref.trim());
    const { definition } = recipeSet.product;
    const renders = new Map<string, Buffer>();
    const prints = new Map<string, Buffer>();
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
    }
    const bytes = await specificationPdf({
      recipeSet,
      product: { handle: definition.handle, definition },
      order: await this.orders.latestFor(recipeSet.id),
      webToPrintUrl: `${this.config.baseUrl}/api/webtoprint/${recipeSet.readableId}`,
      renders,
      prints,
      outline: sources.outline,
    });
    return { name: `${recipeSet.readableId}-specification.pdf`, bytes };
  }
}
