import { createTemplate } from './test-database';

export default async function globalSetup(): Promise<void> {
  await createTemplate();
}
