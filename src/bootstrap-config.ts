import { AppConfig, ProcessOptions } from './config/app-config';
import { ConfigValidationError } from './config/environment';
import { EX_CONFIG } from './common/process/reach-at-start';

/** The exit code of a bad configuration (sysexits' EX_CONFIG). */
export { EX_CONFIG };

/** Loads the configuration, or exits with a message naming every bad variable. */
export function loadConfigOrExit(options: ProcessOptions = {}): AppConfig {
  try {
    return AppConfig.fromEnv(process.env, options);
  } catch (err) {
    if (err instanceof ConfigValidationError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(EX_CONFIG);
    }
    throw err;
  }
}
