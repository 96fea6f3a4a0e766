import { DynamicModule, Global, Module } from '@nestjs/common';
import { CommonSettings } from '../common/settings/common-settings';
import { AppConfig } from './app-config';

/**
 * Makes the boot-time {@link AppConfig} injectable everywhere: as itself, and as the
 * {@link CommonSettings} that src/common injects (the same object).
 */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: CommonSettings, useExisting: AppConfig },
      ],
      exports: [AppConfig, CommonSettings],
    };
  }
}
