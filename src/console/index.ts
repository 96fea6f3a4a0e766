export { ConsoleModule } from './console.module';
export { ConsoleHttpModule } from './console-http.module';
