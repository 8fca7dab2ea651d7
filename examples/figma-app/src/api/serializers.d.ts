import type { SerializersModule } from "@specforge/runtime/fetch";
/** JSON serializers of the responses, by operationId, response key and media type (absent: JSON.stringify). */
export declare const serializers: SerializersModule;
