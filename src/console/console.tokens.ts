/** The injection token of the console's build (ConsoleBuild | null). */
export const CONSOLE_BUILD = Symbol('CONSOLE_BUILD');
