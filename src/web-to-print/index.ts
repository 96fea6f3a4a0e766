/**
 * What other modules may use of the web-to-print module: the module class, the specification
 * service, the print-file and specification builders (scripts make the documentation's examples
 * with them) and the entity list. Everything else in this folder is its own business (lint
 * forbids deep imports from outside). Worker threads load specification-pdf.ts and
 * print-files.task.ts by their own paths (src/common/workers), never through this file.
 */
export { WebToPrintModule } from './web-to-print.module';
/** Its routes: the API composes it, the worker and the CLI do not (src/composition.ts). */
export { WebToPrintHttpModule } from './web-to-print-http.module';
export { SpecificationService } from './specification.service';
/** Sandbox clients' print-file failures (the /api/sandbox helpers). */
export { PrintFailures } from './print-failures';
export type { RequestedPrintFailure } from './print-failures';
export { PRINT_FAILURE_REASON } from './sandbox-print-failures';
export { generatePrintFiles } from './print-files';
export type { PrintFileSet, PrintFilesInput } from './print-files';
export { specificationPdf } from './specification-pdf';
/** The whole-schema list. */
export { WEB_TO_PRINT_ENTITIES } from './entities';
