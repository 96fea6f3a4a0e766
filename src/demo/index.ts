/** What other modules may use of the demo module: the module class and the seeding service. */
export { DemoModule } from './demo.module';
export { DEFAULT_DEMO_PRODUCT, DemoService } from './demo.service';
export type { DemoSeedResult } from './demo.service';
export { existingDemoTokenFile, writeDemoToken } from './demo-token-file';
