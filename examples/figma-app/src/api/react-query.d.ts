import { type UseQueryOptions, type UseQueryResult, type UnusedSkipTokenOptions, type DataTag, type InfiniteData, type UnusedSkipTokenInfiniteOptions, type UseMutationOptions, type UseMutationResult, type QueryClient } from "@tanstack/react-query";
import { type ApiErrorOf } from "@specforge/runtime/client";
import { type GetFileArgs, type GetFileData, type GetFileResult, type GetFileNodesArgs, type GetFileNodesData, type GetFileNodesResult, type GetImagesArgs, type GetImagesData, type GetImagesResult, type GetImageFillsArgs, type GetImageFillsData, type GetImageFillsResult, type GetFileMetaArgs, type GetFileMetaData, type GetFileMetaResult, type GetTeamProjectsArgs, type GetTeamProjectsData, type GetTeamProjectsResult, type GetProjectMetaArgs, type GetProjectMetaData, type GetProjectMetaResult, type GetProjectFilesArgs, type GetProjectFilesData, type GetProjectFilesResult, type GetTeamFoldersArgs, type GetTeamFoldersData, type GetTeamFoldersResult, type GetFolderFoldersArgs, type GetFolderFoldersData, type GetFolderFoldersResult, type GetFolderFilesArgs, type GetFolderFilesData, type GetFolderFilesResult, type GetFolderMetaArgs, type GetFolderMetaData, type GetFolderMetaResult, type GetFileVersionsArgs, type GetFileVersionsData, type GetFileVersionsResult, type GetCommentsArgs, type GetCommentsData, type GetCommentsResult, type PostCommentArgs, type PostCommentData, type PostCommentResult, type DeleteCommentArgs, type DeleteCommentData, type DeleteCommentResult, type GetCommentReactionsArgs, type GetCommentReactionsData, type GetCommentReactionsResult, type PostCommentReactionArgs, type PostCommentReactionData, type PostCommentReactionResult, type DeleteCommentReactionArgs, type DeleteCommentReactionData, type DeleteCommentReactionResult, type GetMeArgs, type GetMeData, type GetMeResult, type GetTeamComponentsArgs, type GetTeamComponentsData, type GetTeamComponentsResult, type GetFileComponentsArgs, type GetFileComponentsData, type GetFileComponentsResult, type GetComponentArgs, type GetComponentData, type GetComponentResult, type GetTeamComponentSetsArgs, type GetTeamComponentSetsData, type GetTeamComponentSetsResult, type GetFileComponentSetsArgs, type GetFileComponentSetsData, type GetFileComponentSetsResult, type GetComponentSetArgs, type GetComponentSetData, type GetComponentSetResult, type GetTeamStylesArgs, type GetTeamStylesData, type GetTeamStylesResult, type GetFileStylesArgs, type GetFileStylesData, type GetFileStylesResult, type GetStyleArgs, type GetStyleData, type GetStyleResult, type GetWebhooksArgs, type GetWebhooksData, type GetWebhooksResult, type PostWebhookArgs, type PostWebhookData, type PostWebhookResult, type GetWebhookArgs, type GetWebhookData, type GetWebhookResult, type PutWebhookArgs, type PutWebhookData, type PutWebhookResult, type DeleteWebhookArgs, type DeleteWebhookData, type DeleteWebhookResult, type GetTeamWebhooksArgs, type GetTeamWebhooksData, type GetTeamWebhooksResult, type GetWebhookRequestsArgs, type GetWebhookRequestsData, type GetWebhookRequestsResult, type GetActivityLogsArgs, type GetActivityLogsData, type GetActivityLogsResult, type GetDeveloperLogsArgs, type GetDeveloperLogsData, type GetDeveloperLogsResult, type GetAiUsageDailyArgs, type GetAiUsageDailyData, type GetAiUsageDailyResult, type GetPaymentsArgs, type GetPaymentsData, type GetPaymentsResult, type GetLocalVariablesArgs, type GetLocalVariablesData, type GetLocalVariablesResult, type GetPublishedVariablesArgs, type GetPublishedVariablesData, type GetPublishedVariablesResult, type PostVariablesArgs, type PostVariablesData, type PostVariablesResult, type GetDevResourcesArgs, type GetDevResourcesData, type GetDevResourcesResult, type PutDevResourcesArgs, type PutDevResourcesData, type PutDevResourcesResult, type PostDevResourcesArgs, type PostDevResourcesData, type PostDevResourcesResult, type DeleteDevResourceArgs, type DeleteDevResourceData, type DeleteDevResourceResult, type GetLibraryAnalyticsComponentActionsArgs, type GetLibraryAnalyticsComponentActionsData, type GetLibraryAnalyticsComponentActionsResult, type GetLibraryAnalyticsComponentUsagesArgs, type GetLibraryAnalyticsComponentUsagesData, type GetLibraryAnalyticsComponentUsagesResult, type GetLibraryAnalyticsStyleActionsArgs, type GetLibraryAnalyticsStyleActionsData, type GetLibraryAnalyticsStyleActionsResult, type GetLibraryAnalyticsStyleUsagesArgs, type GetLibraryAnalyticsStyleUsagesData, type GetLibraryAnalyticsStyleUsagesResult, type GetLibraryAnalyticsVariableActionsArgs, type GetLibraryAnalyticsVariableActionsData, type GetLibraryAnalyticsVariableActionsResult, type GetLibraryAnalyticsVariableUsagesArgs, type GetLibraryAnalyticsVariableUsagesData, type GetLibraryAnalyticsVariableUsagesResult, type GetOEmbedArgs, type GetOEmbedData, type GetOEmbedResult, type Client } from "./sdk.js";
import type { paths } from "./types.js";
/** TanStack's QueryKey (a registered one where the project declares it). */
type AnyQueryKey = UseQueryOptions["queryKey"];
/** The options of an operation's query (TanStack's, from queryOptions): the key carries the data and error types. */
export type OperationQueryOptions<Data, Error, Key extends AnyQueryKey> = UnusedSkipTokenOptions<Data, Error, Data, Key> & {
    queryKey: DataTag<Key, Data, Error>;
};
/** The options a query hook takes besides its key and function; `select` changes the data type (TData). */
export type OperationQueryHookOptions<Data, Error, TData, Key extends AnyQueryKey> = Omit<UseQueryOptions<Data, Error, TData, Key>, "queryKey" | "queryFn">;
/** The options of an operation's infinite query (TanStack's, from infiniteQueryOptions): the key carries the pages' type and the error type. */
export type OperationInfiniteQueryOptions<PageData, Error, Data, Key extends AnyQueryKey, Page> = UnusedSkipTokenInfiniteOptions<PageData, Error, InfiniteData<Data, Page>, Key, Page> & {
    queryKey: DataTag<Key, InfiniteData<PageData>, Error>;
};
/** The options a mutation hook takes besides its key and function. */
export type OperationMutationHookOptions<Data, Error, Variables> = Omit<UseMutationOptions<Data, Error, Variables>, "mutationKey" | "mutationFn">;
/** The query key of getFile: its resource (/v1/files), its id and the parameters of the call (no body, no signal). */
export declare function getFileQueryKey(args: GetFileArgs): readonly ["/v1/files", "getFile", Record<string, unknown>];
/**
 * Query options for getFile, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getFileQueryOptions(client: Client, args: GetFileArgs): OperationQueryOptions<GetFileData, ApiErrorOf<GetFileResult>, ReturnType<typeof getFileQueryKey>>;
/** useQuery over getFileQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetFile<TData = GetFileData>(client: Client, args: GetFileArgs, options?: OperationQueryHookOptions<GetFileData, ApiErrorOf<GetFileResult>, TData, ReturnType<typeof getFileQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetFileResult>>;
/** The query key of getFileNodes: its resource (/v1/files/{file_key}/nodes), its id and the parameters of the call (no body, no signal). */
export declare function getFileNodesQueryKey(args: GetFileNodesArgs): readonly ["/v1/files/{file_key}/nodes", "getFileNodes", Record<string, unknown>];
/**
 * Query options for getFileNodes, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getFileNodesQueryOptions(client: Client, args: GetFileNodesArgs): OperationQueryOptions<GetFileNodesData, ApiErrorOf<GetFileNodesResult>, ReturnType<typeof getFileNodesQueryKey>>;
/** useQuery over getFileNodesQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetFileNodes<TData = GetFileNodesData>(client: Client, args: GetFileNodesArgs, options?: OperationQueryHookOptions<GetFileNodesData, ApiErrorOf<GetFileNodesResult>, TData, ReturnType<typeof getFileNodesQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetFileNodesResult>>;
/** The query key of getImages: its resource (/v1/images), its id and the parameters of the call (no body, no signal). */
export declare function getImagesQueryKey(args: GetImagesArgs): readonly ["/v1/images", "getImages", Record<string, unknown>];
/**
 * Query options for getImages, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getImagesQueryOptions(client: Client, args: GetImagesArgs): OperationQueryOptions<GetImagesData, ApiErrorOf<GetImagesResult>, ReturnType<typeof getImagesQueryKey>>;
/** useQuery over getImagesQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetImages<TData = GetImagesData>(client: Client, args: GetImagesArgs, options?: OperationQueryHookOptions<GetImagesData, ApiErrorOf<GetImagesResult>, TData, ReturnType<typeof getImagesQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetImagesResult>>;
/** The query key of getImageFills: its resource (/v1/files/{file_key}/images), its id and the parameters of the call (no body, no signal). */
export declare function getImageFillsQueryKey(args: GetImageFillsArgs): readonly ["/v1/files/{file_key}/images", "getImageFills", Record<string, unknown>];
/**
 * Query options for getImageFills, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getImageFillsQueryOptions(client: Client, args: GetImageFillsArgs): OperationQueryOptions<GetImageFillsData, ApiErrorOf<GetImageFillsResult>, ReturnType<typeof getImageFillsQueryKey>>;
/** useQuery over getImageFillsQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetImageFills<TData = GetImageFillsData>(client: Client, args: GetImageFillsArgs, options?: OperationQueryHookOptions<GetImageFillsData, ApiErrorOf<GetImageFillsResult>, TData, ReturnType<typeof getImageFillsQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetImageFillsResult>>;
/** The query key of getFileMeta: its resource (/v1/files/{file_key}/meta), its id and the parameters of the call (no body, no signal). */
export declare function getFileMetaQueryKey(args: GetFileMetaArgs): readonly ["/v1/files/{file_key}/meta", "getFileMeta", Record<string, unknown>];
/**
 * Query options for getFileMeta, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getFileMetaQueryOptions(client: Client, args: GetFileMetaArgs): OperationQueryOptions<GetFileMetaData, ApiErrorOf<GetFileMetaResult>, ReturnType<typeof getFileMetaQueryKey>>;
/** useQuery over getFileMetaQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetFileMeta<TData = GetFileMetaData>(client: Client, args: GetFileMetaArgs, options?: OperationQueryHookOptions<GetFileMetaData, ApiErrorOf<GetFileMetaResult>, TData, ReturnType<typeof getFileMetaQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetFileMetaResult>>;
/** The query key of getTeamProjects: its resource (/v1/teams/{team_id}/projects), its id and the parameters of the call (no body, no signal). */
export declare function getTeamProjectsQueryKey(args: GetTeamProjectsArgs): readonly ["/v1/teams/{team_id}/projects", "getTeamProjects", Record<string, unknown>];
/**
 * Query options for getTeamProjects, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getTeamProjectsQueryOptions(client: Client, args: GetTeamProjectsArgs): OperationQueryOptions<GetTeamProjectsData, ApiErrorOf<GetTeamProjectsResult>, ReturnType<typeof getTeamProjectsQueryKey>>;
/** useQuery over getTeamProjectsQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetTeamProjects<TData = GetTeamProjectsData>(client: Client, args: GetTeamProjectsArgs, options?: OperationQueryHookOptions<GetTeamProjectsData, ApiErrorOf<GetTeamProjectsResult>, TData, ReturnType<typeof getTeamProjectsQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetTeamProjectsResult>>;
/** The query key of getProjectMeta: its resource (/v1/projects/{project_id}/meta), its id and the parameters of the call (no body, no signal). */
export declare function getProjectMetaQueryKey(args: GetProjectMetaArgs): readonly ["/v1/projects/{project_id}/meta", "getProjectMeta", Record<string, unknown>];
/**
 * Query options for getProjectMeta, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getProjectMetaQueryOptions(client: Client, args: GetProjectMetaArgs): OperationQueryOptions<GetProjectMetaData, ApiErrorOf<GetProjectMetaResult>, ReturnType<typeof getProjectMetaQueryKey>>;
/** useQuery over getProjectMetaQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetProjectMeta<TData = GetProjectMetaData>(client: Client, args: GetProjectMetaArgs, options?: OperationQueryHookOptions<GetProjectMetaData, ApiErrorOf<GetProjectMetaResult>, TData, ReturnType<typeof getProjectMetaQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetProjectMetaResult>>;
/** The query key of getProjectFiles: its resource (/v1/projects/{project_id}/files), its id and the parameters of the call (no body, no signal). */
export declare function getProjectFilesQueryKey(args: GetProjectFilesArgs): readonly ["/v1/projects/{project_id}/files", "getProjectFiles", Record<string, unknown>];
/**
 * Query options for getProjectFiles, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getProjectFilesQueryOptions(client: Client, args: GetProjectFilesArgs): OperationQueryOptions<GetProjectFilesData, ApiErrorOf<GetProjectFilesResult>, ReturnType<typeof getProjectFilesQueryKey>>;
/** useQuery over getProjectFilesQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetProjectFiles<TData = GetProjectFilesData>(client: Client, args: GetProjectFilesArgs, options?: OperationQueryHookOptions<GetProjectFilesData, ApiErrorOf<GetProjectFilesResult>, TData, ReturnType<typeof getProjectFilesQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetProjectFilesResult>>;
/** The query key of getTeamFolders: its resource (/v2/teams/{team_id}/folders), its id and the parameters of the call (no body, no signal). */
export declare function getTeamFoldersQueryKey(args: GetTeamFoldersArgs): readonly ["/v2/teams/{team_id}/folders", "getTeamFolders", Record<string, unknown>];
/**
 * Query options for getTeamFolders, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getTeamFoldersQueryOptions(client: Client, args: GetTeamFoldersArgs): OperationQueryOptions<GetTeamFoldersData, ApiErrorOf<GetTeamFoldersResult>, ReturnType<typeof getTeamFoldersQueryKey>>;
/** useQuery over getTeamFoldersQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetTeamFolders<TData = GetTeamFoldersData>(client: Client, args: GetTeamFoldersArgs, options?: OperationQueryHookOptions<GetTeamFoldersData, ApiErrorOf<GetTeamFoldersResult>, TData, ReturnType<typeof getTeamFoldersQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetTeamFoldersResult>>;
/** The query key of getFolderFolders: its resource (/v2/folders/{folder_id}/folders), its id and the parameters of the call (no body, no signal). */
export declare function getFolderFoldersQueryKey(args: GetFolderFoldersArgs): readonly ["/v2/folders/{folder_id}/folders", "getFolderFolders", Record<string, unknown>];
/**
 * Query options for getFolderFolders, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getFolderFoldersQueryOptions(client: Client, args: GetFolderFoldersArgs): OperationQueryOptions<GetFolderFoldersData, ApiErrorOf<GetFolderFoldersResult>, ReturnType<typeof getFolderFoldersQueryKey>>;
/** useQuery over getFolderFoldersQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetFolderFolders<TData = GetFolderFoldersData>(client: Client, args: GetFolderFoldersArgs, options?: OperationQueryHookOptions<GetFolderFoldersData, ApiErrorOf<GetFolderFoldersResult>, TData, ReturnType<typeof getFolderFoldersQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetFolderFoldersResult>>;
/** The query key of getFolderFiles: its resource (/v2/folders/{folder_id}/files), its id and the parameters of the call (no body, no signal). */
export declare function getFolderFilesQueryKey(args: GetFolderFilesArgs): readonly ["/v2/folders/{folder_id}/files", "getFolderFiles", Record<string, unknown>];
/**
 * Query options for getFolderFiles, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getFolderFilesQueryOptions(client: Client, args: GetFolderFilesArgs): OperationQueryOptions<GetFolderFilesData, ApiErrorOf<GetFolderFilesResult>, ReturnType<typeof getFolderFilesQueryKey>>;
/** useQuery over getFolderFilesQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetFolderFiles<TData = GetFolderFilesData>(client: Client, args: GetFolderFilesArgs, options?: OperationQueryHookOptions<GetFolderFilesData, ApiErrorOf<GetFolderFilesResult>, TData, ReturnType<typeof getFolderFilesQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetFolderFilesResult>>;
/** The query key of getFolderMeta: its resource (/v2/folders/{folder_id}/meta), its id and the parameters of the call (no body, no signal). */
export declare function getFolderMetaQueryKey(args: GetFolderMetaArgs): readonly ["/v2/folders/{folder_id}/meta", "getFolderMeta", Record<string, unknown>];
/**
 * Query options for getFolderMeta, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getFolderMetaQueryOptions(client: Client, args: GetFolderMetaArgs): OperationQueryOptions<GetFolderMetaData, ApiErrorOf<GetFolderMetaResult>, ReturnType<typeof getFolderMetaQueryKey>>;
/** useQuery over getFolderMetaQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetFolderMeta<TData = GetFolderMetaData>(client: Client, args: GetFolderMetaArgs, options?: OperationQueryHookOptions<GetFolderMetaData, ApiErrorOf<GetFolderMetaResult>, TData, ReturnType<typeof getFolderMetaQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetFolderMetaResult>>;
/** The query key of getFileVersions: its resource (/v1/files/{file_key}/versions), its id and the parameters of the call (no body, no signal). */
export declare function getFileVersionsQueryKey(args: GetFileVersionsArgs): readonly ["/v1/files/{file_key}/versions", "getFileVersions", Record<string, unknown>];
/**
 * Query options for getFileVersions, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getFileVersionsQueryOptions(client: Client, args: GetFileVersionsArgs): OperationQueryOptions<GetFileVersionsData, ApiErrorOf<GetFileVersionsResult>, ReturnType<typeof getFileVersionsQueryKey>>;
/** useQuery over getFileVersionsQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetFileVersions<TData = GetFileVersionsData>(client: Client, args: GetFileVersionsArgs, options?: OperationQueryHookOptions<GetFileVersionsData, ApiErrorOf<GetFileVersionsResult>, TData, ReturnType<typeof getFileVersionsQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetFileVersionsResult>>;
/** The query key of getComments: its resource (/v1/files/{file_key}/comments), its id and the parameters of the call (no body, no signal). */
export declare function getCommentsQueryKey(args: GetCommentsArgs): readonly ["/v1/files/{file_key}/comments", "getComments", Record<string, unknown>];
/**
 * Query options for getComments, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getCommentsQueryOptions(client: Client, args: GetCommentsArgs): OperationQueryOptions<GetCommentsData, ApiErrorOf<GetCommentsResult>, ReturnType<typeof getCommentsQueryKey>>;
/** useQuery over getCommentsQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetComments<TData = GetCommentsData>(client: Client, args: GetCommentsArgs, options?: OperationQueryHookOptions<GetCommentsData, ApiErrorOf<GetCommentsResult>, TData, ReturnType<typeof getCommentsQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetCommentsResult>>;
/** The query key of getCommentReactions: its resource (/v1/files/{file_key}/comments/{comment_id}/reactions), its id and the parameters of the call (no body, no signal). */
export declare function getCommentReactionsQueryKey(args: GetCommentReactionsArgs): readonly ["/v1/files/{file_key}/comments/{comment_id}/reactions", "getCommentReactions", Record<string, unknown>];
/**
 * Query options for getCommentReactions, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getCommentReactionsQueryOptions(client: Client, args: GetCommentReactionsArgs): OperationQueryOptions<GetCommentReactionsData, ApiErrorOf<GetCommentReactionsResult>, ReturnType<typeof getCommentReactionsQueryKey>>;
/** useQuery over getCommentReactionsQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetCommentReactions<TData = GetCommentReactionsData>(client: Client, args: GetCommentReactionsArgs, options?: OperationQueryHookOptions<GetCommentReactionsData, ApiErrorOf<GetCommentReactionsResult>, TData, ReturnType<typeof getCommentReactionsQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetCommentReactionsResult>>;
/** The query key of getMe: its resource (/v1/me), its id and the parameters of the call (no body, no signal). */
export declare function getMeQueryKey(args?: GetMeArgs): readonly ["/v1/me", "getMe", Record<string, unknown>];
/**
 * Query options for getMe, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getMeQueryOptions(client: Client, args?: GetMeArgs): OperationQueryOptions<GetMeData, ApiErrorOf<GetMeResult>, ReturnType<typeof getMeQueryKey>>;
/** useQuery over getMeQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetMe<TData = GetMeData>(client: Client, args?: GetMeArgs, options?: OperationQueryHookOptions<GetMeData, ApiErrorOf<GetMeResult>, TData, ReturnType<typeof getMeQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetMeResult>>;
/** The query key of getTeamComponents: its resource (/v1/teams/{team_id}/components), its id and the parameters of the call (no body, no signal). */
export declare function getTeamComponentsQueryKey(args: GetTeamComponentsArgs): readonly ["/v1/teams/{team_id}/components", "getTeamComponents", Record<string, unknown>];
/**
 * Query options for getTeamComponents, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getTeamComponentsQueryOptions(client: Client, args: GetTeamComponentsArgs): OperationQueryOptions<GetTeamComponentsData, ApiErrorOf<GetTeamComponentsResult>, ReturnType<typeof getTeamComponentsQueryKey>>;
/** useQuery over getTeamComponentsQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetTeamComponents<TData = GetTeamComponentsData>(client: Client, args: GetTeamComponentsArgs, options?: OperationQueryHookOptions<GetTeamComponentsData, ApiErrorOf<GetTeamComponentsResult>, TData, ReturnType<typeof getTeamComponentsQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetTeamComponentsResult>>;
/** The query key of getFileComponents: its resource (/v1/files/{file_key}/components), its id and the parameters of the call (no body, no signal). */
export declare function getFileComponentsQueryKey(args: GetFileComponentsArgs): readonly ["/v1/files/{file_key}/components", "getFileComponents", Record<string, unknown>];
/**
 * Query options for getFileComponents, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getFileComponentsQueryOptions(client: Client, args: GetFileComponentsArgs): OperationQueryOptions<GetFileComponentsData, ApiErrorOf<GetFileComponentsResult>, ReturnType<typeof getFileComponentsQueryKey>>;
/** useQuery over getFileComponentsQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetFileComponents<TData = GetFileComponentsData>(client: Client, args: GetFileComponentsArgs, options?: OperationQueryHookOptions<GetFileComponentsData, ApiErrorOf<GetFileComponentsResult>, TData, ReturnType<typeof getFileComponentsQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetFileComponentsResult>>;
/** The query key of getComponent: its resource (/v1/components), its id and the parameters of the call (no body, no signal). */
export declare function getComponentQueryKey(args: GetComponentArgs): readonly ["/v1/components", "getComponent", Record<string, unknown>];
/**
 * Query options for getComponent, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getComponentQueryOptions(client: Client, args: GetComponentArgs): OperationQueryOptions<GetComponentData, ApiErrorOf<GetComponentResult>, ReturnType<typeof getComponentQueryKey>>;
/** useQuery over getComponentQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetComponent<TData = GetComponentData>(client: Client, args: GetComponentArgs, options?: OperationQueryHookOptions<GetComponentData, ApiErrorOf<GetComponentResult>, TData, ReturnType<typeof getComponentQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetComponentResult>>;
/** The query key of getTeamComponentSets: its resource (/v1/teams/{team_id}/component_sets), its id and the parameters of the call (no body, no signal). */
export declare function getTeamComponentSetsQueryKey(args: GetTeamComponentSetsArgs): readonly ["/v1/teams/{team_id}/component_sets", "getTeamComponentSets", Record<string, unknown>];
/**
 * Query options for getTeamComponentSets, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getTeamComponentSetsQueryOptions(client: Client, args: GetTeamComponentSetsArgs): OperationQueryOptions<GetTeamComponentSetsData, ApiErrorOf<GetTeamComponentSetsResult>, ReturnType<typeof getTeamComponentSetsQueryKey>>;
/** useQuery over getTeamComponentSetsQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetTeamComponentSets<TData = GetTeamComponentSetsData>(client: Client, args: GetTeamComponentSetsArgs, options?: OperationQueryHookOptions<GetTeamComponentSetsData, ApiErrorOf<GetTeamComponentSetsResult>, TData, ReturnType<typeof getTeamComponentSetsQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetTeamComponentSetsResult>>;
/** The query key of getFileComponentSets: its resource (/v1/files/{file_key}/component_sets), its id and the parameters of the call (no body, no signal). */
export declare function getFileComponentSetsQueryKey(args: GetFileComponentSetsArgs): readonly ["/v1/files/{file_key}/component_sets", "getFileComponentSets", Record<string, unknown>];
/**
 * Query options for getFileComponentSets, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getFileComponentSetsQueryOptions(client: Client, args: GetFileComponentSetsArgs): OperationQueryOptions<GetFileComponentSetsData, ApiErrorOf<GetFileComponentSetsResult>, ReturnType<typeof getFileComponentSetsQueryKey>>;
/** useQuery over getFileComponentSetsQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetFileComponentSets<TData = GetFileComponentSetsData>(client: Client, args: GetFileComponentSetsArgs, options?: OperationQueryHookOptions<GetFileComponentSetsData, ApiErrorOf<GetFileComponentSetsResult>, TData, ReturnType<typeof getFileComponentSetsQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetFileComponentSetsResult>>;
/** The query key of getComponentSet: its resource (/v1/component_sets), its id and the parameters of the call (no body, no signal). */
export declare function getComponentSetQueryKey(args: GetComponentSetArgs): readonly ["/v1/component_sets", "getComponentSet", Record<string, unknown>];
/**
 * Query options for getComponentSet, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getComponentSetQueryOptions(client: Client, args: GetComponentSetArgs): OperationQueryOptions<GetComponentSetData, ApiErrorOf<GetComponentSetResult>, ReturnType<typeof getComponentSetQueryKey>>;
/** useQuery over getComponentSetQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetComponentSet<TData = GetComponentSetData>(client: Client, args: GetComponentSetArgs, options?: OperationQueryHookOptions<GetComponentSetData, ApiErrorOf<GetComponentSetResult>, TData, ReturnType<typeof getComponentSetQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetComponentSetResult>>;
/** The query key of getTeamStyles: its resource (/v1/teams/{team_id}/styles), its id and the parameters of the call (no body, no signal). */
export declare function getTeamStylesQueryKey(args: GetTeamStylesArgs): readonly ["/v1/teams/{team_id}/styles", "getTeamStyles", Record<string, unknown>];
/**
 * Query options for getTeamStyles, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getTeamStylesQueryOptions(client: Client, args: GetTeamStylesArgs): OperationQueryOptions<GetTeamStylesData, ApiErrorOf<GetTeamStylesResult>, ReturnType<typeof getTeamStylesQueryKey>>;
/** useQuery over getTeamStylesQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetTeamStyles<TData = GetTeamStylesData>(client: Client, args: GetTeamStylesArgs, options?: OperationQueryHookOptions<GetTeamStylesData, ApiErrorOf<GetTeamStylesResult>, TData, ReturnType<typeof getTeamStylesQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetTeamStylesResult>>;
/** The query key of getFileStyles: its resource (/v1/files/{file_key}/styles), its id and the parameters of the call (no body, no signal). */
export declare function getFileStylesQueryKey(args: GetFileStylesArgs): readonly ["/v1/files/{file_key}/styles", "getFileStyles", Record<string, unknown>];
/**
 * Query options for getFileStyles, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getFileStylesQueryOptions(client: Client, args: GetFileStylesArgs): OperationQueryOptions<GetFileStylesData, ApiErrorOf<GetFileStylesResult>, ReturnType<typeof getFileStylesQueryKey>>;
/** useQuery over getFileStylesQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetFileStyles<TData = GetFileStylesData>(client: Client, args: GetFileStylesArgs, options?: OperationQueryHookOptions<GetFileStylesData, ApiErrorOf<GetFileStylesResult>, TData, ReturnType<typeof getFileStylesQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetFileStylesResult>>;
/** The query key of getStyle: its resource (/v1/styles), its id and the parameters of the call (no body, no signal). */
export declare function getStyleQueryKey(args: GetStyleArgs): readonly ["/v1/styles", "getStyle", Record<string, unknown>];
/**
 * Query options for getStyle, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getStyleQueryOptions(client: Client, args: GetStyleArgs): OperationQueryOptions<GetStyleData, ApiErrorOf<GetStyleResult>, ReturnType<typeof getStyleQueryKey>>;
/** useQuery over getStyleQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetStyle<TData = GetStyleData>(client: Client, args: GetStyleArgs, options?: OperationQueryHookOptions<GetStyleData, ApiErrorOf<GetStyleResult>, TData, ReturnType<typeof getStyleQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetStyleResult>>;
/** The query key of getWebhooks: its resource (/v2/webhooks), its id and the parameters of the call (no body, no signal). */
export declare function getWebhooksQueryKey(args?: GetWebhooksArgs): readonly ["/v2/webhooks", "getWebhooks", Record<string, unknown>];
/**
 * Query options for getWebhooks, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getWebhooksQueryOptions(client: Client, args?: GetWebhooksArgs): OperationQueryOptions<GetWebhooksData, ApiErrorOf<GetWebhooksResult>, ReturnType<typeof getWebhooksQueryKey>>;
/** useQuery over getWebhooksQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetWebhooks<TData = GetWebhooksData>(client: Client, args?: GetWebhooksArgs, options?: OperationQueryHookOptions<GetWebhooksData, ApiErrorOf<GetWebhooksResult>, TData, ReturnType<typeof getWebhooksQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetWebhooksResult>>;
/** The query key of getWebhook: its resource (/v2/webhooks), its id and the parameters of the call (no body, no signal). */
export declare function getWebhookQueryKey(args: GetWebhookArgs): readonly ["/v2/webhooks", "getWebhook", Record<string, unknown>];
/**
 * Query options for getWebhook, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getWebhookQueryOptions(client: Client, args: GetWebhookArgs): OperationQueryOptions<GetWebhookData, ApiErrorOf<GetWebhookResult>, ReturnType<typeof getWebhookQueryKey>>;
/** useQuery over getWebhookQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetWebhook<TData = GetWebhookData>(client: Client, args: GetWebhookArgs, options?: OperationQueryHookOptions<GetWebhookData, ApiErrorOf<GetWebhookResult>, TData, ReturnType<typeof getWebhookQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetWebhookResult>>;
/** The query key of getTeamWebhooks: its resource (/v2/teams/{team_id}/webhooks), its id and the parameters of the call (no body, no signal). */
export declare function getTeamWebhooksQueryKey(args: GetTeamWebhooksArgs): readonly ["/v2/teams/{team_id}/webhooks", "getTeamWebhooks", Record<string, unknown>];
/**
 * Query options for getTeamWebhooks, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getTeamWebhooksQueryOptions(client: Client, args: GetTeamWebhooksArgs): OperationQueryOptions<GetTeamWebhooksData, ApiErrorOf<GetTeamWebhooksResult>, ReturnType<typeof getTeamWebhooksQueryKey>>;
/** useQuery over getTeamWebhooksQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetTeamWebhooks<TData = GetTeamWebhooksData>(client: Client, args: GetTeamWebhooksArgs, options?: OperationQueryHookOptions<GetTeamWebhooksData, ApiErrorOf<GetTeamWebhooksResult>, TData, ReturnType<typeof getTeamWebhooksQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetTeamWebhooksResult>>;
/** The query key of getWebhookRequests: its resource (/v2/webhooks/{webhook_id}/requests), its id and the parameters of the call (no body, no signal). */
export declare function getWebhookRequestsQueryKey(args: GetWebhookRequestsArgs): readonly ["/v2/webhooks/{webhook_id}/requests", "getWebhookRequests", Record<string, unknown>];
/**
 * Query options for getWebhookRequests, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getWebhookRequestsQueryOptions(client: Client, args: GetWebhookRequestsArgs): OperationQueryOptions<GetWebhookRequestsData, ApiErrorOf<GetWebhookRequestsResult>, ReturnType<typeof getWebhookRequestsQueryKey>>;
/** useQuery over getWebhookRequestsQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetWebhookRequests<TData = GetWebhookRequestsData>(client: Client, args: GetWebhookRequestsArgs, options?: OperationQueryHookOptions<GetWebhookRequestsData, ApiErrorOf<GetWebhookRequestsResult>, TData, ReturnType<typeof getWebhookRequestsQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetWebhookRequestsResult>>;
/** The query key of getActivityLogs: its resource (/v1/activity_logs), its id and the parameters of the call (no body, no signal). */
export declare function getActivityLogsQueryKey(args?: GetActivityLogsArgs): readonly ["/v1/activity_logs", "getActivityLogs", Record<string, unknown>];
/**
 * Query options for getActivityLogs, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getActivityLogsQueryOptions(client: Client, args?: GetActivityLogsArgs): OperationQueryOptions<GetActivityLogsData, ApiErrorOf<GetActivityLogsResult>, ReturnType<typeof getActivityLogsQueryKey>>;
/** useQuery over getActivityLogsQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetActivityLogs<TData = GetActivityLogsData>(client: Client, args?: GetActivityLogsArgs, options?: OperationQueryHookOptions<GetActivityLogsData, ApiErrorOf<GetActivityLogsResult>, TData, ReturnType<typeof getActivityLogsQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetActivityLogsResult>>;
/** The query key of getAiUsageDaily: its resource (/v1/ai_usage/daily), its id and the parameters of the call (no body, no signal). */
export declare function getAiUsageDailyQueryKey(args: GetAiUsageDailyArgs): readonly ["/v1/ai_usage/daily", "getAiUsageDaily", Record<string, unknown>];
/**
 * Query options for getAiUsageDaily, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getAiUsageDailyQueryOptions(client: Client, args: GetAiUsageDailyArgs): OperationQueryOptions<GetAiUsageDailyData, ApiErrorOf<GetAiUsageDailyResult>, ReturnType<typeof getAiUsageDailyQueryKey>>;
/** useQuery over getAiUsageDailyQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetAiUsageDaily<TData = GetAiUsageDailyData>(client: Client, args: GetAiUsageDailyArgs, options?: OperationQueryHookOptions<GetAiUsageDailyData, ApiErrorOf<GetAiUsageDailyResult>, TData, ReturnType<typeof getAiUsageDailyQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetAiUsageDailyResult>>;
/** How getAiUsageDaily pages: the next cursor is the answer's next_cursor while has_next_page is true. */
export declare const getAiUsageDailyPaging: {
    readonly kind: "cursor";
    readonly param: "cursor";
    readonly next: readonly ["next_cursor"];
    readonly more: readonly ["has_next_page"];
};
/** The query key of getAiUsageDaily's pages: its query key without the query parameter cursor, marked "infinite" (a filter by its query key matches it too). */
export declare function getAiUsageDailyInfiniteQueryKey(args: GetAiUsageDailyArgs): readonly ["/v1/ai_usage/daily", "getAiUsageDaily", Record<string, unknown>, "infinite"];
/** Infinite query options for getAiUsageDaily, built with TanStack's infiniteQueryOptions: pass them to useInfiniteQuery, useSuspenseInfiniteQuery or queryClient.fetchInfiniteQuery. Each page is asked with the query parameter cursor; the next one is read from the last page. */
export declare function getAiUsageDailyInfiniteQueryOptions(client: Client, args: GetAiUsageDailyArgs): OperationInfiniteQueryOptions<GetAiUsageDailyData, ApiErrorOf<GetAiUsageDailyResult>, GetAiUsageDailyData, ReturnType<typeof getAiUsageDailyInfiniteQueryKey>, string | undefined>;
/** The query key of getPayments: its resource (/v1/payments), its id and the parameters of the call (no body, no signal). */
export declare function getPaymentsQueryKey(args?: GetPaymentsArgs): readonly ["/v1/payments", "getPayments", Record<string, unknown>];
/**
 * Query options for getPayments, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getPaymentsQueryOptions(client: Client, args?: GetPaymentsArgs): OperationQueryOptions<GetPaymentsData, ApiErrorOf<GetPaymentsResult>, ReturnType<typeof getPaymentsQueryKey>>;
/** useQuery over getPaymentsQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetPayments<TData = GetPaymentsData>(client: Client, args?: GetPaymentsArgs, options?: OperationQueryHookOptions<GetPaymentsData, ApiErrorOf<GetPaymentsResult>, TData, ReturnType<typeof getPaymentsQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetPaymentsResult>>;
/** The query key of getLocalVariables: its resource (/v1/files/{file_key}/variables/local), its id and the parameters of the call (no body, no signal). */
export declare function getLocalVariablesQueryKey(args: GetLocalVariablesArgs): readonly ["/v1/files/{file_key}/variables/local", "getLocalVariables", Record<string, unknown>];
/**
 * Query options for getLocalVariables, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getLocalVariablesQueryOptions(client: Client, args: GetLocalVariablesArgs): OperationQueryOptions<GetLocalVariablesData, ApiErrorOf<GetLocalVariablesResult>, ReturnType<typeof getLocalVariablesQueryKey>>;
/** useQuery over getLocalVariablesQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetLocalVariables<TData = GetLocalVariablesData>(client: Client, args: GetLocalVariablesArgs, options?: OperationQueryHookOptions<GetLocalVariablesData, ApiErrorOf<GetLocalVariablesResult>, TData, ReturnType<typeof getLocalVariablesQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetLocalVariablesResult>>;
/** The query key of getPublishedVariables: its resource (/v1/files/{file_key}/variables/published), its id and the parameters of the call (no body, no signal). */
export declare function getPublishedVariablesQueryKey(args: GetPublishedVariablesArgs): readonly ["/v1/files/{file_key}/variables/published", "getPublishedVariables", Record<string, unknown>];
/**
 * Query options for getPublishedVariables, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getPublishedVariablesQueryOptions(client: Client, args: GetPublishedVariablesArgs): OperationQueryOptions<GetPublishedVariablesData, ApiErrorOf<GetPublishedVariablesResult>, ReturnType<typeof getPublishedVariablesQueryKey>>;
/** useQuery over getPublishedVariablesQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetPublishedVariables<TData = GetPublishedVariablesData>(client: Client, args: GetPublishedVariablesArgs, options?: OperationQueryHookOptions<GetPublishedVariablesData, ApiErrorOf<GetPublishedVariablesResult>, TData, ReturnType<typeof getPublishedVariablesQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetPublishedVariablesResult>>;
/** The query key of getDevResources: its resource (/v1/files/{file_key}/dev_resources), its id and the parameters of the call (no body, no signal). */
export declare function getDevResourcesQueryKey(args: GetDevResourcesArgs): readonly ["/v1/files/{file_key}/dev_resources", "getDevResources", Record<string, unknown>];
/**
 * Query options for getDevResources, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getDevResourcesQueryOptions(client: Client, args: GetDevResourcesArgs): OperationQueryOptions<GetDevResourcesData, ApiErrorOf<GetDevResourcesResult>, ReturnType<typeof getDevResourcesQueryKey>>;
/** useQuery over getDevResourcesQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetDevResources<TData = GetDevResourcesData>(client: Client, args: GetDevResourcesArgs, options?: OperationQueryHookOptions<GetDevResourcesData, ApiErrorOf<GetDevResourcesResult>, TData, ReturnType<typeof getDevResourcesQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetDevResourcesResult>>;
/** The query key of getLibraryAnalyticsComponentActions: its resource (/v1/analytics/libraries/{file_key}/component/actions), its id and the parameters of the call (no body, no signal). */
export declare function getLibraryAnalyticsComponentActionsQueryKey(args: GetLibraryAnalyticsComponentActionsArgs): readonly ["/v1/analytics/libraries/{file_key}/component/actions", "getLibraryAnalyticsComponentActions", Record<string, unknown>];
/**
 * Query options for getLibraryAnalyticsComponentActions, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getLibraryAnalyticsComponentActionsQueryOptions(client: Client, args: GetLibraryAnalyticsComponentActionsArgs): OperationQueryOptions<GetLibraryAnalyticsComponentActionsData, ApiErrorOf<GetLibraryAnalyticsComponentActionsResult>, ReturnType<typeof getLibraryAnalyticsComponentActionsQueryKey>>;
/** useQuery over getLibraryAnalyticsComponentActionsQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetLibraryAnalyticsComponentActions<TData = GetLibraryAnalyticsComponentActionsData>(client: Client, args: GetLibraryAnalyticsComponentActionsArgs, options?: OperationQueryHookOptions<GetLibraryAnalyticsComponentActionsData, ApiErrorOf<GetLibraryAnalyticsComponentActionsResult>, TData, ReturnType<typeof getLibraryAnalyticsComponentActionsQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetLibraryAnalyticsComponentActionsResult>>;
/** The query key of getLibraryAnalyticsComponentUsages: its resource (/v1/analytics/libraries/{file_key}/component/usages), its id and the parameters of the call (no body, no signal). */
export declare function getLibraryAnalyticsComponentUsagesQueryKey(args: GetLibraryAnalyticsComponentUsagesArgs): readonly ["/v1/analytics/libraries/{file_key}/component/usages", "getLibraryAnalyticsComponentUsages", Record<string, unknown>];
/**
 * Query options for getLibraryAnalyticsComponentUsages, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getLibraryAnalyticsComponentUsagesQueryOptions(client: Client, args: GetLibraryAnalyticsComponentUsagesArgs): OperationQueryOptions<GetLibraryAnalyticsComponentUsagesData, ApiErrorOf<GetLibraryAnalyticsComponentUsagesResult>, ReturnType<typeof getLibraryAnalyticsComponentUsagesQueryKey>>;
/** useQuery over getLibraryAnalyticsComponentUsagesQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetLibraryAnalyticsComponentUsages<TData = GetLibraryAnalyticsComponentUsagesData>(client: Client, args: GetLibraryAnalyticsComponentUsagesArgs, options?: OperationQueryHookOptions<GetLibraryAnalyticsComponentUsagesData, ApiErrorOf<GetLibraryAnalyticsComponentUsagesResult>, TData, ReturnType<typeof getLibraryAnalyticsComponentUsagesQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetLibraryAnalyticsComponentUsagesResult>>;
/** The query key of getLibraryAnalyticsStyleActions: its resource (/v1/analytics/libraries/{file_key}/style/actions), its id and the parameters of the call (no body, no signal). */
export declare function getLibraryAnalyticsStyleActionsQueryKey(args: GetLibraryAnalyticsStyleActionsArgs): readonly ["/v1/analytics/libraries/{file_key}/style/actions", "getLibraryAnalyticsStyleActions", Record<string, unknown>];
/**
 * Query options for getLibraryAnalyticsStyleActions, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getLibraryAnalyticsStyleActionsQueryOptions(client: Client, args: GetLibraryAnalyticsStyleActionsArgs): OperationQueryOptions<GetLibraryAnalyticsStyleActionsData, ApiErrorOf<GetLibraryAnalyticsStyleActionsResult>, ReturnType<typeof getLibraryAnalyticsStyleActionsQueryKey>>;
/** useQuery over getLibraryAnalyticsStyleActionsQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetLibraryAnalyticsStyleActions<TData = GetLibraryAnalyticsStyleActionsData>(client: Client, args: GetLibraryAnalyticsStyleActionsArgs, options?: OperationQueryHookOptions<GetLibraryAnalyticsStyleActionsData, ApiErrorOf<GetLibraryAnalyticsStyleActionsResult>, TData, ReturnType<typeof getLibraryAnalyticsStyleActionsQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetLibraryAnalyticsStyleActionsResult>>;
/** The query key of getLibraryAnalyticsStyleUsages: its resource (/v1/analytics/libraries/{file_key}/style/usages), its id and the parameters of the call (no body, no signal). */
export declare function getLibraryAnalyticsStyleUsagesQueryKey(args: GetLibraryAnalyticsStyleUsagesArgs): readonly ["/v1/analytics/libraries/{file_key}/style/usages", "getLibraryAnalyticsStyleUsages", Record<string, unknown>];
/**
 * Query options for getLibraryAnalyticsStyleUsages, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getLibraryAnalyticsStyleUsagesQueryOptions(client: Client, args: GetLibraryAnalyticsStyleUsagesArgs): OperationQueryOptions<GetLibraryAnalyticsStyleUsagesData, ApiErrorOf<GetLibraryAnalyticsStyleUsagesResult>, ReturnType<typeof getLibraryAnalyticsStyleUsagesQueryKey>>;
/** useQuery over getLibraryAnalyticsStyleUsagesQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetLibraryAnalyticsStyleUsages<TData = GetLibraryAnalyticsStyleUsagesData>(client: Client, args: GetLibraryAnalyticsStyleUsagesArgs, options?: OperationQueryHookOptions<GetLibraryAnalyticsStyleUsagesData, ApiErrorOf<GetLibraryAnalyticsStyleUsagesResult>, TData, ReturnType<typeof getLibraryAnalyticsStyleUsagesQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetLibraryAnalyticsStyleUsagesResult>>;
/** The query key of getLibraryAnalyticsVariableActions: its resource (/v1/analytics/libraries/{file_key}/variable/actions), its id and the parameters of the call (no body, no signal). */
export declare function getLibraryAnalyticsVariableActionsQueryKey(args: GetLibraryAnalyticsVariableActionsArgs): readonly ["/v1/analytics/libraries/{file_key}/variable/actions", "getLibraryAnalyticsVariableActions", Record<string, unknown>];
/**
 * Query options for getLibraryAnalyticsVariableActions, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getLibraryAnalyticsVariableActionsQueryOptions(client: Client, args: GetLibraryAnalyticsVariableActionsArgs): OperationQueryOptions<GetLibraryAnalyticsVariableActionsData, ApiErrorOf<GetLibraryAnalyticsVariableActionsResult>, ReturnType<typeof getLibraryAnalyticsVariableActionsQueryKey>>;
/** useQuery over getLibraryAnalyticsVariableActionsQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetLibraryAnalyticsVariableActions<TData = GetLibraryAnalyticsVariableActionsData>(client: Client, args: GetLibraryAnalyticsVariableActionsArgs, options?: OperationQueryHookOptions<GetLibraryAnalyticsVariableActionsData, ApiErrorOf<GetLibraryAnalyticsVariableActionsResult>, TData, ReturnType<typeof getLibraryAnalyticsVariableActionsQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetLibraryAnalyticsVariableActionsResult>>;
/** The query key of getLibraryAnalyticsVariableUsages: its resource (/v1/analytics/libraries/{file_key}/variable/usages), its id and the parameters of the call (no body, no signal). */
export declare function getLibraryAnalyticsVariableUsagesQueryKey(args: GetLibraryAnalyticsVariableUsagesArgs): readonly ["/v1/analytics/libraries/{file_key}/variable/usages", "getLibraryAnalyticsVariableUsages", Record<string, unknown>];
/**
 * Query options for getLibraryAnalyticsVariableUsages, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getLibraryAnalyticsVariableUsagesQueryOptions(client: Client, args: GetLibraryAnalyticsVariableUsagesArgs): OperationQueryOptions<GetLibraryAnalyticsVariableUsagesData, ApiErrorOf<GetLibraryAnalyticsVariableUsagesResult>, ReturnType<typeof getLibraryAnalyticsVariableUsagesQueryKey>>;
/** useQuery over getLibraryAnalyticsVariableUsagesQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetLibraryAnalyticsVariableUsages<TData = GetLibraryAnalyticsVariableUsagesData>(client: Client, args: GetLibraryAnalyticsVariableUsagesArgs, options?: OperationQueryHookOptions<GetLibraryAnalyticsVariableUsagesData, ApiErrorOf<GetLibraryAnalyticsVariableUsagesResult>, TData, ReturnType<typeof getLibraryAnalyticsVariableUsagesQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetLibraryAnalyticsVariableUsagesResult>>;
/** The query key of getOEmbed: its resource (/v1/oembed), its id and the parameters of the call (no body, no signal). */
export declare function getOEmbedQueryKey(args: GetOEmbedArgs): readonly ["/v1/oembed", "getOEmbed", Record<string, unknown>];
/**
 * Query options for getOEmbed, built with TanStack's queryOptions: pass them to useQuery,
 * useSuspenseQuery, useQueries, queryClient.fetchQuery or prefetchQuery; the key carries the data
 * and error types (queryClient.getQueryData is typed). `retry: false`: the client retries (what is
 * safe to, within its total time), so TanStack does not retry on top of it.
 */
export declare function getOEmbedQueryOptions(client: Client, args: GetOEmbedArgs): OperationQueryOptions<GetOEmbedData, ApiErrorOf<GetOEmbedResult>, ReturnType<typeof getOEmbedQueryKey>>;
/** useQuery over getOEmbedQueryOptions; a `select` option changes the data type (TData). */
export declare function useGetOEmbed<TData = GetOEmbedData>(client: Client, args: GetOEmbedArgs, options?: OperationQueryHookOptions<GetOEmbedData, ApiErrorOf<GetOEmbedResult>, TData, ReturnType<typeof getOEmbedQueryKey>>): UseQueryResult<TData, ApiErrorOf<GetOEmbedResult>>;
/** Mutation options for postComment; on success they invalidate getComments (invalidateComments). */
export declare function postCommentMutationOptions(client: Client): UseMutationOptions<PostCommentData, ApiErrorOf<PostCommentResult>, PostCommentArgs>;
/** useMutation over postCommentMutationOptions. */
export declare function usePostCommentMutation(client: Client, options?: OperationMutationHookOptions<PostCommentData, ApiErrorOf<PostCommentResult>, PostCommentArgs>): UseMutationResult<PostCommentData, ApiErrorOf<PostCommentResult>, PostCommentArgs>;
/** Mutation options for deleteComment; on success they invalidate getComments (invalidateComments). */
export declare function deleteCommentMutationOptions(client: Client): UseMutationOptions<DeleteCommentData, ApiErrorOf<DeleteCommentResult>, DeleteCommentArgs>;
/** useMutation over deleteCommentMutationOptions. */
export declare function useDeleteCommentMutation(client: Client, options?: OperationMutationHookOptions<DeleteCommentData, ApiErrorOf<DeleteCommentResult>, DeleteCommentArgs>): UseMutationResult<DeleteCommentData, ApiErrorOf<DeleteCommentResult>, DeleteCommentArgs>;
/** Mutation options for postCommentReaction; on success they invalidate getCommentReactions (invalidateReactions). */
export declare function postCommentReactionMutationOptions(client: Client): UseMutationOptions<PostCommentReactionData, ApiErrorOf<PostCommentReactionResult>, PostCommentReactionArgs>;
/** useMutation over postCommentReactionMutationOptions. */
export declare function usePostCommentReactionMutation(client: Client, options?: OperationMutationHookOptions<PostCommentReactionData, ApiErrorOf<PostCommentReactionResult>, PostCommentReactionArgs>): UseMutationResult<PostCommentReactionData, ApiErrorOf<PostCommentReactionResult>, PostCommentReactionArgs>;
/** Mutation options for deleteCommentReaction; on success they invalidate getCommentReactions (invalidateReactions). */
export declare function deleteCommentReactionMutationOptions(client: Client): UseMutationOptions<DeleteCommentReactionData, ApiErrorOf<DeleteCommentReactionResult>, DeleteCommentReactionArgs>;
/** useMutation over deleteCommentReactionMutationOptions. */
export declare function useDeleteCommentReactionMutation(client: Client, options?: OperationMutationHookOptions<DeleteCommentReactionData, ApiErrorOf<DeleteCommentReactionResult>, DeleteCommentReactionArgs>): UseMutationResult<DeleteCommentReactionData, ApiErrorOf<DeleteCommentReactionResult>, DeleteCommentReactionArgs>;
/** Mutation options for postWebhook; on success they invalidate getWebhooks, getWebhook (invalidateWebhooks). */
export declare function postWebhookMutationOptions(client: Client): UseMutationOptions<PostWebhookData, ApiErrorOf<PostWebhookResult>, PostWebhookArgs>;
/** useMutation over postWebhookMutationOptions. */
export declare function usePostWebhookMutation(client: Client, options?: OperationMutationHookOptions<PostWebhookData, ApiErrorOf<PostWebhookResult>, PostWebhookArgs>): UseMutationResult<PostWebhookData, ApiErrorOf<PostWebhookResult>, PostWebhookArgs>;
/** Mutation options for putWebhook; on success they invalidate getWebhooks, getWebhook (invalidateWebhooks). */
export declare function putWebhookMutationOptions(client: Client): UseMutationOptions<PutWebhookData, ApiErrorOf<PutWebhookResult>, PutWebhookArgs>;
/** useMutation over putWebhookMutationOptions. */
export declare function usePutWebhookMutation(client: Client, options?: OperationMutationHookOptions<PutWebhookData, ApiErrorOf<PutWebhookResult>, PutWebhookArgs>): UseMutationResult<PutWebhookData, ApiErrorOf<PutWebhookResult>, PutWebhookArgs>;
/** Mutation options for deleteWebhook; on success they invalidate getWebhooks, getWebhook (invalidateWebhooks). */
export declare function deleteWebhookMutationOptions(client: Client): UseMutationOptions<DeleteWebhookData, ApiErrorOf<DeleteWebhookResult>, DeleteWebhookArgs>;
/** useMutation over deleteWebhookMutationOptions. */
export declare function useDeleteWebhookMutation(client: Client, options?: OperationMutationHookOptions<DeleteWebhookData, ApiErrorOf<DeleteWebhookResult>, DeleteWebhookArgs>): UseMutationResult<DeleteWebhookData, ApiErrorOf<DeleteWebhookResult>, DeleteWebhookArgs>;
/** Mutation options for getDeveloperLogs. */
export declare function getDeveloperLogsMutationOptions(client: Client): UseMutationOptions<GetDeveloperLogsData, ApiErrorOf<GetDeveloperLogsResult>, GetDeveloperLogsArgs | void>;
/** useMutation over getDeveloperLogsMutationOptions. */
export declare function useGetDeveloperLogsMutation(client: Client, options?: OperationMutationHookOptions<GetDeveloperLogsData, ApiErrorOf<GetDeveloperLogsResult>, GetDeveloperLogsArgs | void>): UseMutationResult<GetDeveloperLogsData, ApiErrorOf<GetDeveloperLogsResult>, GetDeveloperLogsArgs | void>;
/** Mutation options for postVariables. */
export declare function postVariablesMutationOptions(client: Client): UseMutationOptions<PostVariablesData, ApiErrorOf<PostVariablesResult>, PostVariablesArgs>;
/** useMutation over postVariablesMutationOptions. */
export declare function usePostVariablesMutation(client: Client, options?: OperationMutationHookOptions<PostVariablesData, ApiErrorOf<PostVariablesResult>, PostVariablesArgs>): UseMutationResult<PostVariablesData, ApiErrorOf<PostVariablesResult>, PostVariablesArgs>;
/** Mutation options for putDevResources. */
export declare function putDevResourcesMutationOptions(client: Client): UseMutationOptions<PutDevResourcesData, ApiErrorOf<PutDevResourcesResult>, PutDevResourcesArgs>;
/** useMutation over putDevResourcesMutationOptions. */
export declare function usePutDevResourcesMutation(client: Client, options?: OperationMutationHookOptions<PutDevResourcesData, ApiErrorOf<PutDevResourcesResult>, PutDevResourcesArgs>): UseMutationResult<PutDevResourcesData, ApiErrorOf<PutDevResourcesResult>, PutDevResourcesArgs>;
/** Mutation options for postDevResources. */
export declare function postDevResourcesMutationOptions(client: Client): UseMutationOptions<PostDevResourcesData, ApiErrorOf<PostDevResourcesResult>, PostDevResourcesArgs>;
/** useMutation over postDevResourcesMutationOptions. */
export declare function usePostDevResourcesMutation(client: Client, options?: OperationMutationHookOptions<PostDevResourcesData, ApiErrorOf<PostDevResourcesResult>, PostDevResourcesArgs>): UseMutationResult<PostDevResourcesData, ApiErrorOf<PostDevResourcesResult>, PostDevResourcesArgs>;
/** Mutation options for deleteDevResource; on success they invalidate getDevResources (invalidateDevResources). */
export declare function deleteDevResourceMutationOptions(client: Client): UseMutationOptions<DeleteDevResourceData, ApiErrorOf<DeleteDevResourceResult>, DeleteDevResourceArgs>;
/** useMutation over deleteDevResourceMutationOptions. */
export declare function useDeleteDevResourceMutation(client: Client, options?: OperationMutationHookOptions<DeleteDevResourceData, ApiErrorOf<DeleteDevResourceResult>, DeleteDevResourceArgs>): UseMutationResult<DeleteDevResourceData, ApiErrorOf<DeleteDevResourceResult>, DeleteDevResourceArgs>;
/** Invalidates the cached answers of the collection at /v1/files/{file_key}/comments and its items (getComments), for the collection's path parameters given. */
export declare function invalidateComments(queryClient: QueryClient, path?: Partial<NonNullable<paths["/v1/files/{file_key}/comments"]["get"]["parameters"]["path"]>>): Promise<void>;
/** Invalidates the cached answers of the collection at /v1/files/{file_key}/comments/{comment_id}/reactions and its items (getCommentReactions), for the collection's path parameters given. */
export declare function invalidateReactions(queryClient: QueryClient, path?: Partial<NonNullable<paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["get"]["parameters"]["path"]>>): Promise<void>;
/** Invalidates the cached answers of the collection at /v1/files/{file_key}/dev_resources and its items (getDevResources), for the collection's path parameters given. */
export declare function invalidateDevResources(queryClient: QueryClient, path?: Partial<NonNullable<paths["/v1/files/{file_key}/dev_resources"]["get"]["parameters"]["path"]>>): Promise<void>;
/** Invalidates the cached answers of the collection at /v2/webhooks and its items (getWebhooks, getWebhook). */
export declare function invalidateWebhooks(queryClient: QueryClient): Promise<void>;
/** The query keys of the resource at /v1/activity_logs: `all` is the prefix of every query of it (getActivityLogs), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const activityLogsKeys: {
    all: readonly ["/v1/activity_logs"];
    getActivityLogs: typeof getActivityLogsQueryKey;
};
/** The query keys of the resource at /v1/ai_usage/daily: `all` is the prefix of every query of it (getAiUsageDaily), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const dailyKeys: {
    all: readonly ["/v1/ai_usage/daily"];
    getAiUsageDaily: typeof getAiUsageDailyQueryKey;
};
/** The query keys of the resource at /v1/analytics/libraries/{file_key}/component/actions: `all` is the prefix of every query of it (getLibraryAnalyticsComponentActions), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const actionsKeys: {
    all: readonly ["/v1/analytics/libraries/{file_key}/component/actions"];
    getLibraryAnalyticsComponentActions: typeof getLibraryAnalyticsComponentActionsQueryKey;
};
/** The query keys of the resource at /v1/analytics/libraries/{file_key}/component/usages: `all` is the prefix of every query of it (getLibraryAnalyticsComponentUsages), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const usagesKeys: {
    all: readonly ["/v1/analytics/libraries/{file_key}/component/usages"];
    getLibraryAnalyticsComponentUsages: typeof getLibraryAnalyticsComponentUsagesQueryKey;
};
/** The query keys of the resource at /v1/analytics/libraries/{file_key}/style/actions: `all` is the prefix of every query of it (getLibraryAnalyticsStyleActions), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const actionsKeys2: {
    all: readonly ["/v1/analytics/libraries/{file_key}/style/actions"];
    getLibraryAnalyticsStyleActions: typeof getLibraryAnalyticsStyleActionsQueryKey;
};
/** The query keys of the resource at /v1/analytics/libraries/{file_key}/style/usages: `all` is the prefix of every query of it (getLibraryAnalyticsStyleUsages), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const usagesKeys2: {
    all: readonly ["/v1/analytics/libraries/{file_key}/style/usages"];
    getLibraryAnalyticsStyleUsages: typeof getLibraryAnalyticsStyleUsagesQueryKey;
};
/** The query keys of the resource at /v1/analytics/libraries/{file_key}/variable/actions: `all` is the prefix of every query of it (getLibraryAnalyticsVariableActions), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const actionsKeys3: {
    all: readonly ["/v1/analytics/libraries/{file_key}/variable/actions"];
    getLibraryAnalyticsVariableActions: typeof getLibraryAnalyticsVariableActionsQueryKey;
};
/** The query keys of the resource at /v1/analytics/libraries/{file_key}/variable/usages: `all` is the prefix of every query of it (getLibraryAnalyticsVariableUsages), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const usagesKeys3: {
    all: readonly ["/v1/analytics/libraries/{file_key}/variable/usages"];
    getLibraryAnalyticsVariableUsages: typeof getLibraryAnalyticsVariableUsagesQueryKey;
};
/** The query keys of the resource at /v1/component_sets: `all` is the prefix of every query of it (getComponentSet), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const componentSetsKeys: {
    all: readonly ["/v1/component_sets"];
    getComponentSet: typeof getComponentSetQueryKey;
};
/** The query keys of the resource at /v1/components: `all` is the prefix of every query of it (getComponent), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const componentsKeys: {
    all: readonly ["/v1/components"];
    getComponent: typeof getComponentQueryKey;
};
/** The query keys of the resource at /v1/files: `all` is the prefix of every query of it (getFile), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const filesKeys: {
    all: readonly ["/v1/files"];
    getFile: typeof getFileQueryKey;
};
/** The query keys of the resource at /v1/files/{file_key}/comments: `all` is the prefix of every query of it (getComments), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const commentsKeys: {
    all: readonly ["/v1/files/{file_key}/comments"];
    getComments: typeof getCommentsQueryKey;
};
/** The query keys of the resource at /v1/files/{file_key}/comments/{comment_id}/reactions: `all` is the prefix of every query of it (getCommentReactions), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const reactionsKeys: {
    all: readonly ["/v1/files/{file_key}/comments/{comment_id}/reactions"];
    getCommentReactions: typeof getCommentReactionsQueryKey;
};
/** The query keys of the resource at /v1/files/{file_key}/component_sets: `all` is the prefix of every query of it (getFileComponentSets), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const componentSetsKeys2: {
    all: readonly ["/v1/files/{file_key}/component_sets"];
    getFileComponentSets: typeof getFileComponentSetsQueryKey;
};
/** The query keys of the resource at /v1/files/{file_key}/components: `all` is the prefix of every query of it (getFileComponents), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const componentsKeys2: {
    all: readonly ["/v1/files/{file_key}/components"];
    getFileComponents: typeof getFileComponentsQueryKey;
};
/** The query keys of the resource at /v1/files/{file_key}/dev_resources: `all` is the prefix of every query of it (getDevResources), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const devResourcesKeys: {
    all: readonly ["/v1/files/{file_key}/dev_resources"];
    getDevResources: typeof getDevResourcesQueryKey;
};
/** The query keys of the resource at /v1/files/{file_key}/images: `all` is the prefix of every query of it (getImageFills), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const imagesKeys: {
    all: readonly ["/v1/files/{file_key}/images"];
    getImageFills: typeof getImageFillsQueryKey;
};
/** The query keys of the resource at /v1/files/{file_key}/meta: `all` is the prefix of every query of it (getFileMeta), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const metaKeys: {
    all: readonly ["/v1/files/{file_key}/meta"];
    getFileMeta: typeof getFileMetaQueryKey;
};
/** The query keys of the resource at /v1/files/{file_key}/nodes: `all` is the prefix of every query of it (getFileNodes), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const nodesKeys: {
    all: readonly ["/v1/files/{file_key}/nodes"];
    getFileNodes: typeof getFileNodesQueryKey;
};
/** The query keys of the resource at /v1/files/{file_key}/styles: `all` is the prefix of every query of it (getFileStyles), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const stylesKeys: {
    all: readonly ["/v1/files/{file_key}/styles"];
    getFileStyles: typeof getFileStylesQueryKey;
};
/** The query keys of the resource at /v1/files/{file_key}/variables/local: `all` is the prefix of every query of it (getLocalVariables), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const localKeys: {
    all: readonly ["/v1/files/{file_key}/variables/local"];
    getLocalVariables: typeof getLocalVariablesQueryKey;
};
/** The query keys of the resource at /v1/files/{file_key}/variables/published: `all` is the prefix of every query of it (getPublishedVariables), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const publishedKeys: {
    all: readonly ["/v1/files/{file_key}/variables/published"];
    getPublishedVariables: typeof getPublishedVariablesQueryKey;
};
/** The query keys of the resource at /v1/files/{file_key}/versions: `all` is the prefix of every query of it (getFileVersions), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const versionsKeys: {
    all: readonly ["/v1/files/{file_key}/versions"];
    getFileVersions: typeof getFileVersionsQueryKey;
};
/** The query keys of the resource at /v1/images: `all` is the prefix of every query of it (getImages), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const imagesKeys2: {
    all: readonly ["/v1/images"];
    getImages: typeof getImagesQueryKey;
};
/** The query keys of the resource at /v1/me: `all` is the prefix of every query of it (getMe), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const meKeys: {
    all: readonly ["/v1/me"];
    getMe: typeof getMeQueryKey;
};
/** The query keys of the resource at /v1/oembed: `all` is the prefix of every query of it (getOEmbed), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const oembedKeys: {
    all: readonly ["/v1/oembed"];
    getOEmbed: typeof getOEmbedQueryKey;
};
/** The query keys of the resource at /v1/payments: `all` is the prefix of every query of it (getPayments), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const paymentsKeys: {
    all: readonly ["/v1/payments"];
    getPayments: typeof getPaymentsQueryKey;
};
/** The query keys of the resource at /v1/projects/{project_id}/files: `all` is the prefix of every query of it (getProjectFiles), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const filesKeys2: {
    all: readonly ["/v1/projects/{project_id}/files"];
    getProjectFiles: typeof getProjectFilesQueryKey;
};
/** The query keys of the resource at /v1/projects/{project_id}/meta: `all` is the prefix of every query of it (getProjectMeta), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const metaKeys2: {
    all: readonly ["/v1/projects/{project_id}/meta"];
    getProjectMeta: typeof getProjectMetaQueryKey;
};
/** The query keys of the resource at /v1/styles: `all` is the prefix of every query of it (getStyle), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const stylesKeys2: {
    all: readonly ["/v1/styles"];
    getStyle: typeof getStyleQueryKey;
};
/** The query keys of the resource at /v1/teams/{team_id}/component_sets: `all` is the prefix of every query of it (getTeamComponentSets), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const componentSetsKeys3: {
    all: readonly ["/v1/teams/{team_id}/component_sets"];
    getTeamComponentSets: typeof getTeamComponentSetsQueryKey;
};
/** The query keys of the resource at /v1/teams/{team_id}/components: `all` is the prefix of every query of it (getTeamComponents), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const componentsKeys3: {
    all: readonly ["/v1/teams/{team_id}/components"];
    getTeamComponents: typeof getTeamComponentsQueryKey;
};
/** The query keys of the resource at /v1/teams/{team_id}/projects: `all` is the prefix of every query of it (getTeamProjects), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const projectsKeys: {
    all: readonly ["/v1/teams/{team_id}/projects"];
    getTeamProjects: typeof getTeamProjectsQueryKey;
};
/** The query keys of the resource at /v1/teams/{team_id}/styles: `all` is the prefix of every query of it (getTeamStyles), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const stylesKeys3: {
    all: readonly ["/v1/teams/{team_id}/styles"];
    getTeamStyles: typeof getTeamStylesQueryKey;
};
/** The query keys of the resource at /v2/folders/{folder_id}/files: `all` is the prefix of every query of it (getFolderFiles), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const filesKeys3: {
    all: readonly ["/v2/folders/{folder_id}/files"];
    getFolderFiles: typeof getFolderFilesQueryKey;
};
/** The query keys of the resource at /v2/folders/{folder_id}/folders: `all` is the prefix of every query of it (getFolderFolders), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const foldersKeys: {
    all: readonly ["/v2/folders/{folder_id}/folders"];
    getFolderFolders: typeof getFolderFoldersQueryKey;
};
/** The query keys of the resource at /v2/folders/{folder_id}/meta: `all` is the prefix of every query of it (getFolderMeta), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const metaKeys3: {
    all: readonly ["/v2/folders/{folder_id}/meta"];
    getFolderMeta: typeof getFolderMetaQueryKey;
};
/** The query keys of the resource at /v2/teams/{team_id}/folders: `all` is the prefix of every query of it (getTeamFolders), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const foldersKeys2: {
    all: readonly ["/v2/teams/{team_id}/folders"];
    getTeamFolders: typeof getTeamFoldersQueryKey;
};
/** The query keys of the resource at /v2/teams/{team_id}/webhooks: `all` is the prefix of every query of it (getTeamWebhooks), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const webhooksKeys: {
    all: readonly ["/v2/teams/{team_id}/webhooks"];
    getTeamWebhooks: typeof getTeamWebhooksQueryKey;
};
/** The query keys of the resource at /v2/webhooks: `all` is the prefix of every query of it (getWebhooks, getWebhook), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const webhooksKeys2: {
    all: readonly ["/v2/webhooks"];
    getWebhooks: typeof getWebhooksQueryKey;
    getWebhook: typeof getWebhookQueryKey;
};
/** The query keys of the resource at /v2/webhooks/{webhook_id}/requests: `all` is the prefix of every query of it (getWebhookRequests), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories. */
export declare const requestsKeys: {
    all: readonly ["/v2/webhooks/{webhook_id}/requests"];
    getWebhookRequests: typeof getWebhookRequestsQueryKey;
};
export {};
