import { Module } from '@nestjs/common';
import { ClientsModule } from '../clients/clients.module';
import { RecipeSetsModule } from '../recipesets';
import { DemoService } from './demo.service';

@Module({
  imports: [ClientsModule, RecipeSetsModule],
  providers: [DemoService],
  exports: [DemoService],
})
export class DemoModule {}
