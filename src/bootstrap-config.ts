import { AppConfig, ProcessOptions } from './config/app-config';
import { ConfigValidationError } from './config/environment';

/** Loads the configuration, or exits with a message naming every bad variable. */
export function loadConfigOrExit(options: ProcessOptions = {}): AppConfig {
  try {
    return AppConfig.fromEnv(process.env, options);
  } catch (err) {
    if (err instanceof ConfigValidationError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
}
