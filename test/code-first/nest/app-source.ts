/**
 * An orders service written as a NestJS user writes it: DTO classes with class-validator rules and
 * @ApiProperty, a global ValidationPipe, ParseUUIDPipe ids, a bearer guard, named enums (which
 * @nestjs/swagger writes as a one-item allOf $ref), an Idempotency-Key header on create. Its
 * contract is what SwaggerModule.createDocument emits.
 *
 * Legacy decorators and their metadata (emitDecoratorMetadata) are not what this repository's
 * TypeScript settings compile, so the source is text, compiled by nest/service.ts with
 * ts.transpileModule. `createOrdersApp({ token, faults })` builds the application (not listening)
 * and `ordersContract(app)` its OpenAPI document. Each planted fault (test/code-first/faults.ts)
 * is one `faults.has(...)` line.
 */
export const NEST_APP_SOURCE = `
import 'reflect-metadata';
import {
  Body, CanActivate, Controller, Delete, ExecutionContext, Get, Header, Headers, HttpCode, HttpException,
  HttpStatus, Inject, Injectable, Module, NestInterceptor, CallHandler, NotFoundException, Param, ParseUUIDPipe, Patch, Post, Query, Res,
  UnauthorizedException, UseGuards, ValidationPipe, ConflictException,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  ApiBadRequestResponse, ApiBearerAuth, ApiConflictResponse, ApiCreatedResponse, ApiHeader, ApiNoContentResponse,
  ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProperty, ApiPropertyOptional, ApiTags,
  ApiUnauthorizedResponse, DocumentBuilder, SwaggerModule,
} from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize, ArrayMinSize, IsArray, IsEnum, IsObject, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min,
  ValidateNested,
} from 'class-validator';
import { randomUUID } from 'node:crypto';

export enum Priority { Low = 'low', Normal = 'normal', Urgent = 'urgent' }
export enum OrderStatus { Pending = 'pending', Paid = 'paid', Shipped = 'shipped', Cancelled = 'cancelled' }

export class AddressDto {
  @ApiProperty({ example: '1 Main Street', minLength: 1, maxLength: 100 }) @IsString() @Length(1, 100) street!: string;
  @ApiProperty({ example: 'Lyon', minLength: 1, maxLength: 60 }) @IsString() @Length(1, 60) city!: string;
  @ApiProperty({ example: 'FR', pattern: '^[A-Z]{2}$' }) @IsString() @Matches(/^[A-Z]{2}$/) country!: string;
}

export class CustomerDto {
  @ApiProperty({ example: 'Ada Lovelace', minLength: 1, maxLength: 80 }) @IsString() @Length(1, 80) name!: string;
  @ApiProperty({ type: AddressDto }) @IsObject() @ValidateNested() @Type(() => AddressDto) address!: AddressDto;
}

export class OrderLineDto {
  @ApiProperty({ example: 'SKU-1234', pattern: '^[A-Z0-9-]{3,20}$' }) @IsString() @Matches(/^[A-Z0-9-]{3,20}$/) sku!: string;
  @ApiProperty({ type: 'integer', example: 2, minimum: 1, maximum: 100 }) @IsInt() @Min(1) @Max(100) quantity!: number;
  @ApiProperty({ enum: Priority, enumName: 'Priority', example: Priority.Normal }) @IsEnum(Priority) priority!: Priority;
}

export class CreateOrderDto {
  @ApiProperty({ type: CustomerDto }) @IsObject() @ValidateNested() @Type(() => CustomerDto) customer!: CustomerDto;
  @ApiProperty({ type: [OrderLineDto], minItems: 1, maxItems: 20 })
  @IsArray() @ValidateNested({ each: true }) @ArrayMinSize(1) @ArrayMaxSize(20) @Type(() => OrderLineDto) lines!: OrderLineDto[];
  @ApiPropertyOptional({ example: 'leave at the door', maxLength: 200 }) @IsOptional() @IsString() @MaxLength(200) note?: string;
}

export class UpdateOrderDto {
  @ApiPropertyOptional({ enum: OrderStatus, enumName: 'OrderStatus' }) @IsOptional() @IsEnum(OrderStatus) status?: OrderStatus;
  @ApiPropertyOptional({ maxLength: 200 }) @IsOptional() @IsString() @MaxLength(200) note?: string;
}

export class ListOrdersQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 20 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, default: 0 }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) offset?: number;
}

export class OrderDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: OrderStatus, enumName: 'OrderStatus' }) status!: OrderStatus;
  @ApiProperty({ type: CustomerDto }) customer!: CustomerDto;
  @ApiProperty({ type: [OrderLineDto] }) lines!: OrderLineDto[];
  @ApiPropertyOptional() note?: string;
  @ApiProperty({ example: 12.5 }) total!: number;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class OrderPageDto {
  @ApiProperty({ type: [OrderDto] }) items!: OrderDto[];
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) limit!: number;
  @ApiProperty({ type: 'integer' }) offset!: number;
}

export class ErrorDto {
  @ApiProperty() statusCode!: number;
  @ApiProperty() message!: string;
  @ApiPropertyOptional() error?: string;
}

export class ValidationErrorDto {
  @ApiProperty() statusCode!: number;
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] }) message!: string | string[];
  @ApiProperty() error!: string;
}

export interface Config { token: string; faults: ReadonlySet<string> }

@Injectable()
export class OrdersService {
  private readonly orders = new Map<string, OrderDto>();
  private readonly keys = new Map<string, { body: string; order: OrderDto }>();
  constructor(@Inject('CONFIG') private readonly config: Config) {}

  create(dto: CreateOrderDto, key: string | undefined): OrderDto {
    const body = JSON.stringify(dto);
    if (key !== undefined) {
      const seen = this.keys.get(key);
      if (seen && seen.body === body) return seen.order;
      if (seen) throw new ConflictException('this Idempotency-Key was used for another order');
    }
    if (this.config.faults.has('non-ascii-500') && !/^[\\x20-\\x7e]*$/.test(dto.customer.name)) {
      throw new Error('reference: the name is not ASCII');
    }
    const total = dto.lines.reduce((sum, line) => sum + line.quantity * 6.25, 0);
    const order: OrderDto = {
      id: randomUUID(), status: OrderStatus.Pending, customer: dto.customer, lines: dto.lines,
      ...(dto.note === undefined ? {} : { note: dto.note }), total, createdAt: new Date().toISOString(),
    };
    this.orders.set(order.id, order);
    if (key !== undefined) this.keys.set(key, { body, order });
    return order;
  }

  get(id: string): OrderDto {
    const order = this.orders.get(id);
    if (!order) throw new NotFoundException('no order ' + id);
    return order;
  }

  list(limit: number, offset: number): OrderPageDto {
    const all = [...this.orders.values()];
    return { items: all.slice(offset, offset + limit), total: all.length, limit, offset };
  }

  update(id: string, dto: UpdateOrderDto): OrderDto {
    const order = this.get(id);
    if (dto.status !== undefined) order.status = dto.status;
    if (dto.note !== undefined) order.note = dto.note;
    return order;
  }

  remove(id: string): void {
    this.get(id);
    if (!this.config.faults.has('delete-keeps')) this.orders.delete(id);
  }
}

@Injectable()
export class BearerGuard implements CanActivate {
  constructor(@Inject('CONFIG') private readonly config: Config) {}
  canActivate(context: ExecutionContext): boolean {
    if (this.config.faults.has('unprotected') && context.getHandler().name === 'create') return true;
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>();
    const response = context.switchToHttp().getResponse<{ setHeader(name: string, value: string): void }>();
    if (request.headers['authorization'] !== 'Bearer ' + this.config.token) {
      response.setHeader('WWW-Authenticate', 'Bearer realm="orders"');
      throw new UnauthorizedException('a bearer token is required');
    }
    return true;
  }
}

/** A shim for old clients: an unknown priority becomes "normal" (interceptors run before the pipes). */
@Injectable()
export class LegacyPriorities implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler) {
    const body: unknown = context.switchToHttp().getRequest<{ body?: unknown }>().body;
    const lines = typeof body === 'object' && body !== null ? (body as { lines?: unknown }).lines : undefined;
    if (Array.isArray(lines)) {
      for (const line of lines as Array<{ priority?: unknown } | null>) {
        if (line !== null && typeof line === 'object' && !(Object.values(Priority) as unknown[]).includes(line.priority)) line.priority = Priority.Normal;
      }
    }
    return next.handle();
  }
}

@ApiTags('orders')
@Controller('orders')
@ApiBadRequestResponse({ description: 'invalid request', type: ValidationErrorDto })
export class OrdersController {
  constructor(private readonly orders: OrdersService, @Inject('CONFIG') private readonly config: Config) {}

  @Post()
  @HttpCode(201)
  @UseGuards(BearerGuard)
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'createOrder' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'repeats of a create with the same key answer the first order' })
  @ApiCreatedResponse({ type: OrderDto })
  @ApiUnauthorizedResponse({ type: ErrorDto })
  @ApiConflictResponse({ description: 'the key was used for another order', type: ErrorDto })
  create(@Body() dto: CreateOrderDto, @Headers('idempotency-key') key?: string): OrderDto {
    return this.orders.create(dto, key);
  }

  @Get()
  @ApiOperation({ operationId: 'listOrders' })
  @ApiOkResponse({ type: OrderPageDto })
  list(@Query() query: ListOrdersQuery): OrderPageDto {
    const page = this.orders.list(query.limit ?? 20, query.offset ?? 0);
    if (this.config.faults.has('teapot') && page.offset > 0 && page.offset >= page.total) {
      throw new HttpException('no such page', HttpStatus.I_AM_A_TEAPOT);
    }
    if (this.config.faults.has('missing-field')) {
      return { ...page, items: page.items.map(({ createdAt, ...rest }) => rest as OrderDto) };
    }
    return page;
  }

  @Get(':id')
  @ApiOperation({ operationId: 'getOrder' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: OrderDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  get(@Param('id', new ParseUUIDPipe()) id: string): OrderDto {
    const order = this.orders.get(id);
    if (this.config.faults.has('wrong-type')) return { ...order, total: order.total.toFixed(2) } as unknown as OrderDto;
    return order;
  }

  @Patch(':id')
  @UseGuards(BearerGuard)
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'updateOrder' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: OrderDto })
  @ApiUnauthorizedResponse({ type: ErrorDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  update(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() dto: UpdateOrderDto,
    @Res({ passthrough: true }) res: { type(t: string): void },
  ): OrderDto | string {
    const order = this.orders.update(id, dto);
    if (this.config.faults.has('content-type')) {
      res.type('text/plain');
      return JSON.stringify(order);
    }
    return order;
  }

  @Delete(':id')
  @HttpCode(204)
  @UseGuards(BearerGuard)
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'deleteOrder' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiNoContentResponse({ description: 'deleted' })
  @ApiUnauthorizedResponse({ type: ErrorDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  remove(@Param('id', new ParseUUIDPipe()) id: string): void {
    this.orders.remove(id);
  }
}

export async function createOrdersApp(config: Config) {
  @Module({ controllers: [OrdersController], providers: [OrdersService, BearerGuard, { provide: 'CONFIG', useValue: config }] })
  class AppModule {}
  const app = await NestFactory.create(AppModule, { logger: false });
  // A method the path does not serve is a 405 with Allow, not Express's 404.
  const allowed: Array<[RegExp, string[]]> = [[/^[/]orders[/]?$/, ['GET', 'POST']], [/^[/]orders[/][^/]+[/]?$/, ['GET', 'PATCH', 'DELETE']]];
  app.use((req: { method: string; path: string }, res: { status(n: number): { set(h: string, v: string): { json(b: unknown): void } } }, next: () => void) => {
    const route = allowed.find(([pattern]) => pattern.test(req.path));
    if (route && !route[1].includes(req.method) && !(req.method === 'HEAD' && route[1].includes('GET'))) {
      res.status(405).set('Allow', route[1].join(', ')).json({ statusCode: 405, message: req.method + ' is not allowed', error: 'Method Not Allowed' });
      return;
    }
    next();
  });
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true }));
  if (config.faults.has('enum-accepted')) app.useGlobalInterceptors(new LegacyPriorities());
  await app.init();
  return app;
}

export function ordersContract(app: Parameters<typeof SwaggerModule.createDocument>[0]) {
  const config = new DocumentBuilder().setTitle('orders').setVersion('1.0.0').addBearerAuth().build();
  return SwaggerModule.createDocument(app, config);
}
`;
