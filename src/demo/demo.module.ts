import { Module } from '@nestjs/common';
import { ClientsModule } from '../clients/clients.module';
import { DemoService } from './demo.service';

@Module({ imports: [ClientsModule], providers: [DemoService], exports: [DemoService] })
export class DemoModule {}
