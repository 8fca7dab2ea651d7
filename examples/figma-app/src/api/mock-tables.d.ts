import { type MockTables } from "@specforge/runtime/mock-browser";
/**
 * What each operation answers (documented examples, sampled values, templates) and the resources a
 * stateful mock keeps. A response that several operations share is written once, under `shared`.
 */
export declare const mocks: MockTables;
