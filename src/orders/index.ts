/**
 * What other modules may use of the orders module: the module class, what print files read of
 * an order, the order enums and the entity list. Everything else in this folder is its own
 * business (lint forbids deep imports from outside).
 */
export { OrdersModule } from './orders.module';
/** Its routes: the API composes it, the worker and the CLI do not (src/composition.ts). */
export { OrdersHttpModule } from './orders-http.module';
export { PrintFileOrdersService } from './print-file-orders.service';
/** Reads and workflow updates of orders (the sandbox helpers drive them as a partner would). */
export { OrderQueriesService } from './order-queries.service';
export { OrderUpdatesService } from './order-updates.service';
export { UpdateResultDto } from './dto/update.dto';
export { UpdateRejectedFilter } from './update-rejected.filter';
export { PurchaseOrderNotFound, UpdateRejected } from './orders.errors';
export { WORKFLOW_STATUSES } from './order.enums';
export type { OrderForPrint } from './print-file-orders.service';
export { DEFAULT_PRIORITY, PRIORITY_CODES, WorkflowStatus } from './order.enums';
/** The encryption context of an order's personal data (benchmarks seed orders directly). */
export { personalDataContext } from './order-encryption';
export type { PersonalData } from './order-encryption';
/** Input limits of the order DTOs, for tests that probe them. */
export { ADDRESS_REQUIRED } from './dto/address.dto';
export { MAX_SERIAL_NUMBERS, MAX_TRACKING_NUMBERS } from './dto/acknowledgement.dto';
/** The acknowledgement example, for the OpenAPI examples of the demo's orders (its address). */
export { ACK_EXAMPLE } from './orders.examples';
/** The whole-schema list. */
export { ORDER_ENTITIES } from './entities';
