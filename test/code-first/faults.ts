/**
 * The faults planted in the three code-first services of test/code-first/ (NestJS, Fastify, Hono),
 * the same eight in each, each behind its own switch. A faulty service is the correct one with a
 * set of these switches on; `FAULTS` says which check of `specforge test` must find each one and on
 * which operation (a finding the correct service does not get).
 */

export type Fault = 'wrong-type' | 'missing-field' | 'non-ascii-500' | 'enum-accepted' | 'unprotected' | 'delete-keeps' | 'teapot' | 'content-type';

export interface PlantedFault {
  fault: Fault;
  /** What the fault is, as the report tells it. */
  what: string;
  /** The check that must report it. */
  check: string;
  /** The operations a finding of that check may name (the first is where the fault is). */
  operations: readonly string[];
  /** The status of the answer that shows it, where the check reports other statuses too. */
  status?: number;
}

export const FAULTS: readonly PlantedFault[] = [
  { fault: 'wrong-type', what: 'getOrder answers total as a string ("12.50"), not a number', check: 'response_schema_conformance', operations: ['getOrder'] },
  {
    fault: 'missing-field',
    what: 'listOrders answers its items without the required createdAt',
    check: 'response_schema_conformance',
    operations: ['listOrders'],
  },
  {
    fault: 'non-ascii-500',
    what: 'createOrder answers 500 when customer.name has a non-ASCII character',
    check: 'not_a_server_error',
    operations: ['createOrder'],
    status: 500,
  },
  {
    fault: 'enum-accepted',
    what: 'createOrder accepts any lines[].priority (an enum three levels down)',
    check: 'negative_data_rejection',
    operations: ['createOrder'],
  },
  { fault: 'unprotected', what: 'createOrder (bearer) succeeds without a credential', check: 'ignored_auth', operations: ['createOrder'] },
  {
    fault: 'delete-keeps',
    what: 'deleteOrder answers 204 and keeps the order',
    check: 'use_after_free',
    operations: ['getOrder', 'listOrders', 'deleteOrder'],
  },
  {
    fault: 'teapot',
    what: 'listOrders answers an undocumented 418 for an offset past the end',
    check: 'status_code_conformance',
    operations: ['listOrders'],
    status: 418,
  },
  {
    fault: 'content-type',
    what: 'updateOrder answers its JSON as text/plain',
    check: 'content_type_conformance',
    operations: ['updateOrder'],
  },
];

export const ALL_FAULTS: ReadonlySet<Fault> = new Set(FAULTS.map((f) => f.fault));

/** The bearer token the services accept (and `--auth bearer=` sends). */
export const TOKEN = 'code-first-token-7f3a';
