/**
 * What other modules may use of the sandbox module: the module class. Everything else in this
 * folder is its own business (lint forbids deep imports from outside).
 */
export { SandboxModule } from './sandbox.module';
/** Its routes: the API composes it, the worker and the CLI do not (src/composition.ts). */
export { SandboxHttpModule } from './sandbox-http.module';
