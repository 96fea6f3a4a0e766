import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The database as readiness sees it: one round trip on a pool connection, outside any unit of work. */
@Injectable()
export class HealthRepository {
  constructor(private readonly dataSource: DataSource) {}

  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }
}
