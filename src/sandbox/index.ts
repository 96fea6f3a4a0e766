/**
 * What other modules may use of the sandbox module: the module class. Everything else in this
 * folder is its own business (lint forbids deep imports from outside).
 */
export { SandboxModule } from './sandbox.module';
