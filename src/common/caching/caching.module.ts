import { Global, Module } from '@nestjs/common';
import { ChangeNotices } from './change-notices';

/** Change notices for in-memory copies of records (see ChangeNotices). */
@Global()
@Module({ providers: [ChangeNotices], exports: [ChangeNotices] })
export class CachingModule {}
