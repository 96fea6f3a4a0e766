import { Module } from '@nestjs/common';
import { loadConsoleBuild } from './console-files';
import { CONSOLE_BUILD } from './console.tokens';

/** The admin console's build (dist/console), read once at start; the app itself is in console/. */
@Module({
  providers: [{ provide: CONSOLE_BUILD, useFactory: () => loadConsoleBuild() }],
  exports: [CONSOLE_BUILD],
})
export class ConsoleModule {}
