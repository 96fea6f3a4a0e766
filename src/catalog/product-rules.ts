import { ProductInputDto } from './dto/product.dto';
import { PrintSettingsInputDto } from './dto/print-settings.dto';
import { LayerDto } from './dto/view-angle.dto';
import {
  LayerCondition,
  ProductDefinition,
  ProductLayer,
  ProductViewAngle,
} from './product-definition';
import { colourProblems, fileNameTemplateProblems, LocationPrintSettings } from './print-settings';

export const DEFAULT_DPI = 300;

/** A location's print-settings overrides as stored: the fields given, in a fixed order. */
export function locationOverrides(input: PrintSettingsInputDto): LocationPrintSettings {
  const out: LocationPrintSettings = {};
  if (input.pdfStandard !== undefined) out.pdfStandard = input.pdfStandard;
  if (input.colorSpace !== undefined) out.colorSpace = input.colorSpace;
  if (input.iccProfile !== undefined) out.iccProfile = input.iccProfile;
  if (input.bleedMm !== undefined) out.bleedMm = input.bleedMm;
  if (input.minimumDpi !== undefined) out.minimumDpi = input.minimumDpi;
  if (input.fileNameTemplate !== undefined) out.fileNameTemplate = input.fileNameTemplate;
  return out;
}

/** What a product definition refers to outside itself: uploaded images of the client. */
export interface ProductReferences {
  imageIds: number[];
}

/**
 * A product as stored: the validated input with its defaults filled in and its handle lower-case.
 * Shapes and ranges were checked by the DTOs; {@link productProblems} checks the references.
 */
export function toDefinition(input: ProductInputDto): ProductDefinition {
  return {
    handle: input.handle.toLowerCase(),
    name: input.name,
    ...(input.description ? { description: input.description } : {}),
    options: (input.options ?? []).map((o) => ({
      handle: o.handle,
      ...(o.name ? { name: o.name } : {}),
      values: o.values.map((v) => ({
        value: v.value,
        ...(v.name ? { name: v.name } : {}),
        ...(v.hex ? { hex: v.hex.toLowerCase() } : {}),
      })),
    })),
    skus: (input.skus ?? []).map((s) => ({
      sku: s.sku,
      options: s.options,
      unitPrice: s.unitPrice,
    })),
    locations: input.locations.map((l) => ({
      handle: l.handle,
      ...(l.name ? { name: l.name } : {}),
      printArea: { widthMm: l.printArea.widthMm, heightMm: l.printArea.heightMm },
      dpi: l.dpi ?? DEFAULT_DPI,
      embellishment: l.embellishment ?? 'print',
      ...(l.print ? { print: locationOverrides(l.print) } : {}),
    })),
    viewAngles: (input.viewAngles ?? []).map((v): ProductViewAngle => ({
      handle: v.handle,
      ...(v.name ? { name: v.name } : {}),
      width: v.width,
      height: v.height,
      layers: v.layers.map(toLayer),
      cameras: (v.cameras ?? []).map((c) => ({ ...c })),
    })),
    renderStates: (input.renderStates ?? []).map((s) => ({
      handle: s.handle,
      values: [...s.values],
      default: s.default,
    })),
    renderStatePresets: (input.renderStatePresets ?? []).map((p) => ({
      handle: p.handle,
      states: { ...p.states },
    })),
  };
}

function toLayer(l: LayerDto): ProductLayer {
  const when = l.when && Object.keys(l.when).length > 0 ? { when: { ...l.when } } : {};
  const blend = l.blend ? { blend: l.blend } : {};
  switch (l.type) {
    case 'image':
      return {
        type: 'image',
        imageId: l.imageId!,
        ...blend,
        ...(l.opacity === undefined ? {} : { opacity: l.opacity }),
        ...when,
      };
    case 'fill':
      return { type: 'fill', maskImageId: l.maskImageId!, option: l.option!, ...blend, ...when };
    case 'design':
      return {
        type: 'design',
        location: l.location!,
        x: l.x!,
        y: l.y!,
        width: l.width!,
        height: l.height!,
        rotation: l.rotation ?? 0,
        ...(l.maskImageId === undefined ? {} : { maskImageId: l.maskImageId }),
        ...(l.overlayImageId === undefined ? {} : { overlayImageId: l.overlayImageId }),
        ...when,
      };
  }
}

/** Every uploaded image a product's layers name (each once). */
export function imagesOf<ImageRef>(product: ProductDefinition<ImageRef>): ImageRef[] {
  const ids = new Set<ImageRef>();
  for (const view of product.viewAngles)
    for (const layer of view.layers) {
      if (layer.type === 'image') ids.add(layer.imageId);
      if (layer.type === 'fill') ids.add(layer.maskImageId);
      if (layer.type === 'design') {
        if (layer.maskImageId !== undefined) ids.add(layer.maskImageId);
        if (layer.overlayImageId !== undefined) ids.add(layer.overlayImageId);
      }
    }
  return [...ids];
}

const lower = (s: string): string => s.toLowerCase();

/** The first entry of `values` that occurs twice (case-insensitively when `fold`). */
function duplicate(values: string[], fold = true): string | undefined {
  const seen = new Set<string>();
  for (const v of values) {
    const k = fold ? lower(v) : v;
    if (seen.has(k)) return v;
    seen.add(k);
  }
  return undefined;
}

/**
 * What is wrong with the references inside a product (empty when nothing): duplicate handles,
 * SKUs naming unknown options or values, layers naming unknown locations, options or images,
 * conditions and presets naming unknown render states or values, cameras outside their view.
 * `imageExists` says whether an uploaded image id belongs to the client.
 */
export function productProblems(
  p: ProductDefinition,
  imageExists: (id: number) => boolean,
): string[] {
  const problems: string[] = [];
  const dup = (what: string, values: string[], fold = true): void => {
    const d = duplicate(values, fold);
    if (d !== undefined) problems.push(`${what} ${JSON.stringify(d)} appears more than once.`);
  };
  dup(
    'option',
    p.options.map((o) => o.handle),
  );
  for (const o of p.options)
    dup(
      `value of option ${o.handle}:`,
      o.values.map((v) => v.value),
      false,
    );
  dup(
    'SKU',
    p.skus.map((s) => s.sku),
    false,
  );
  dup(
    'location',
    p.locations.map((l) => l.handle),
  );
  dup(
    'view angle',
    p.viewAngles.map((v) => v.handle),
  );
  dup(
    'render state',
    p.renderStates.map((s) => s.handle),
  );
  dup(
    'render-state preset',
    p.renderStatePresets.map((s) => s.handle),
  );

  for (const l of p.locations) {
    if (!l.print) continue;
    const at = `locations[${l.handle}].print.`;
    problems.push(...colourProblems(l.print, at));
    if (l.print.fileNameTemplate !== undefined)
      problems.push(...fileNameTemplateProblems(l.print.fileNameTemplate, `${at}fileNameTemplate`));
  }

  const options = new Map(p.options.map((o) => [lower(o.handle), o]));
  const states = new Map(p.renderStates.map((s) => [lower(s.handle), s]));
  const locations = new Set(p.locations.map((l) => lower(l.handle)));
  const combos = new Set<string>();
  for (const sku of p.skus) {
    for (const [name, value] of Object.entries(sku.options)) {
      const option = options.get(lower(name));
      if (!option)
        problems.push(`SKU ${sku.sku} names option ${name}, which the product does not have.`);
      else if (!option.values.some((v) => v.value === value))
        problems.push(
          `SKU ${sku.sku} gives ${name} the value ${JSON.stringify(value)}, which is not one of its values.`,
        );
    }
    const combo = JSON.stringify(
      Object.entries(sku.options)
        .map(([k, v]) => [lower(k), v])
        .sort(),
    );
    if (combos.has(combo)) problems.push(`SKU ${sku.sku} has the same options as another SKU.`);
    combos.add(combo);
  }
  const stateValues = (where: string, given: LayerCondition): void => {
    for (const [name, value] of Object.entries(given)) {
      const state = states.get(lower(name));
      if (!state)
        problems.push(`${where} names render state ${name}, which the product does not have.`);
      else if (!state.values.includes(value))
        problems.push(
          `${where} gives render state ${name} the value ${JSON.stringify(value)}; allowed: ${state.values.join(', ')}.`,
        );
    }
  };
  for (const s of p.renderStates) {
    dup(`value of render state ${s.handle}:`, s.values, false);
    if (!s.values.includes(s.default))
      problems.push(
        `render state ${s.handle} has the default ${JSON.stringify(s.default)}, which is not one of its values.`,
      );
  }
  for (const preset of p.renderStatePresets) stateValues(`preset ${preset.handle}`, preset.states);
  const image = (where: string, id: number | undefined): void => {
    if (id !== undefined && !imageExists(id))
      problems.push(`${where} names image ${id}, which was not found.`);
  };
  for (const view of p.viewAngles) {
    dup(
      `camera of view angle ${view.handle}:`,
      view.cameras.map((c) => c.handle),
    );
    for (const c of view.cameras)
      if (c.x + c.width > view.width || c.y + c.height > view.height)
        problems.push(
          `camera ${c.handle} of view angle ${view.handle} reaches outside the view's ${view.width} × ${view.height} pixels.`,
        );
    view.layers.forEach((layer, i) => {
      const where = `layer ${i + 1} of view angle ${view.handle}`;
      if (layer.when) stateValues(where, layer.when);
      if (layer.type === 'image') image(where, layer.imageId);
      if (layer.type === 'fill') {
        image(where, layer.maskImageId);
        const option = options.get(lower(layer.option));
        if (!option)
          problems.push(
            `${where} fills with option ${layer.option}, which the product does not have.`,
          );
        else if (option.values.some((v) => !v.hex))
          problems.push(
            `${where} fills with option ${layer.option}, but not all of its values have a hex colour.`,
          );
      }
      if (layer.type === 'design') {
        if (!locations.has(lower(layer.location)))
          problems.push(
            `${where} shows location ${layer.location}, which the product does not have.`,
          );
        image(where, layer.maskImageId);
        image(where, layer.overlayImageId);
      }
    });
  }
  return problems;
}
