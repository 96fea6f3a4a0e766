import { applyDecorators, UseFilters, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiResponse } from '@nestjs/swagger';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { UpdateResultDto } from './dto/update.dto';
import { LineItemLimitInterceptor } from './line-item-limit.interceptor';
import { UpdateRejectedFilter } from './update-rejected.filter';

/**
 * Routes that take orders: 413 over MAX_REQUEST_LINE_ITEMS line items, before validation. Written
 * below @Idempotent() so that it runs first (a lower decorator's interceptor runs earlier).
 */
export const TakesOrders = (
  tooLarge = 'More line items than MAX_REQUEST_LINE_ITEMS (default 10000), more distinct recipe sets than MAX_RECIPE_SETS_PER_REQUEST (default 10000), or a body over the size limit.',
) => applyDecorators(UseInterceptors(LineItemLimitInterceptor), ApiTextError(413, tooLarge));

/** The contract of the update routes; UpdateRejected becomes the spec's 404 UpdateResult. */
export const UpdateResponses = () =>
  applyDecorators(
    UseFilters(UpdateRejectedFilter),
    ApiOkResponse({ type: UpdateResultDto, description: 'All named line items were updated.' }),
    ApiResponse({
      status: 404,
      type: UpdateResultDto,
      description: 'The order or a named line item is missing; nothing was updated.',
    }),
    ApiTextError(400, 'Invalid body.'),
  );
