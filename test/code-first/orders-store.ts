/**
 * The in-memory store behind the Fastify and Hono orders services (the NestJS one has its own, in
 * its source): orders by uuid, in creation order, and the Idempotency-Key of each create (the same
 * key and body answer the first order again; the same key with another body is a conflict).
 */
import { randomUUID } from 'node:crypto';

export type Priority = 'low' | 'normal' | 'urgent';
export type OrderStatus = 'pending' | 'paid' | 'shipped' | 'cancelled';

export interface NewOrder {
  customer: { name: string; address: { street: string; city: string; country: string } };
  lines: Array<{ sku: string; quantity: number; priority: Priority }>;
  note?: string | undefined;
}

export interface Order extends NewOrder {
  id: string;
  status: OrderStatus;
  total: number;
  createdAt: string;
}

export class OrdersStore {
  private readonly orders = new Map<string, Order>();
  private readonly keys = new Map<string, { body: string; order: Order }>();

  /** The new order, the first one again for a repeated key and body, or 'conflict' for a key reused with another body. */
  create(input: NewOrder, key: string | undefined): Order | 'conflict' {
    const body = JSON.stringify(input);
    if (key !== undefined) {
      const seen = this.keys.get(key);
      if (seen) return seen.body === body ? seen.order : 'conflict';
    }
    const total = input.lines.reduce((sum, line) => sum + line.quantity * 6.25, 0);
    const order: Order = { ...input, id: randomUUID(), status: 'pending', total, createdAt: new Date().toISOString() };
    this.orders.set(order.id, order);
    if (key !== undefined) this.keys.set(key, { body, order });
    return order;
  }

  get(id: string): Order | undefined {
    return this.orders.get(id);
  }

  list(limit: number, offset: number): { items: Order[]; total: number; limit: number; offset: number } {
    const all = [...this.orders.values()];
    return { items: all.slice(offset, offset + limit), total: all.length, limit, offset };
  }

  update(id: string, change: { status?: OrderStatus | undefined; note?: string | undefined }): Order | undefined {
    const order = this.orders.get(id);
    if (!order) return undefined;
    if (change.status !== undefined) order.status = change.status;
    if (change.note !== undefined) order.note = change.note;
    return order;
  }

  remove(id: string): void {
    this.orders.delete(id);
  }
}
