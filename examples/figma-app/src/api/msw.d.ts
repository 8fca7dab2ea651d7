import { type HttpHandler } from "msw";
import { type BrowserMock, type BrowserMockOptions } from "@specforge/runtime/mock-browser";
/** The contract's first server URL: where the handlers answer unless told otherwise. */
export declare const defaultBaseUrl = "https://api.figma.com";
export interface MswOptions extends Omit<BrowserMockOptions, "basePath"> {
    /**
     * Where the API is served: an absolute URL ("https://api.example.com/v1") or a path ("/api", for
     * the page's own origin in a browser). Requests under it are answered; others pass through.
     */
    baseUrl?: string;
}
export interface MswMock {
    /** The request handlers: `setupWorker(...handlers)` in a browser, `setupServer(...handlers)` in Node. */
    handlers: HttpHandler[];
    /** Back to the seeds: created resources forgotten. */
    reset(): void;
    mock: BrowserMock;
}
/** MSW handlers for Figma API 0.43.0: every request under `baseUrl` is routed, validated and answered by the mock engine from the generated tables (documented examples, `Prefer: code=404`, `example=` and `dynamic=true`), statefully with `stateful: true`, answers validated against the contract. No node: module: they run in `setupWorker` and `setupServer` alike. */
export declare function createMswHandlers(options?: MswOptions): MswMock;
