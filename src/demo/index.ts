/** What other modules may use of the demo module: the module class and the seeding service. */
export { DemoModule } from './demo.module';
export { DEFAULT_DEMO_PRODUCT, DemoService } from './demo.service';
export type { DemoSeedResult } from './demo.service';
/** The OpenAPI document's examples: they name the demo's data (src/common/openapi/document-examples.ts). */
export { demoExamples } from './demo-examples';
/** The ids of the demo's rows, for the served document's examples (read on each request). */
export { DemoExampleIds } from './demo-example-ids';
export {
  existingDemoPasswordFile,
  existingDemoTokenFile,
  writeDemoPassword,
  writeDemoToken,
} from './demo-token-file';
export { DEMO_CONSOLE_USER } from './demo-account';
