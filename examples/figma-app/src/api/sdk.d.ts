import { type SdkCallOptions, type SdkClient, type SdkClientOptions, type SdkFailure, type SdkOutcome, type SdkSuccess, type SecuritySchemeSpec } from "@specforge/runtime/client";
import type { paths } from "./types.js";
/** The first server of the contract, with its variables at their defaults. */
export declare const defaultBaseUrl = "https://api.figma.com";
/** The contract's security scheme names: the keys `auth` accepts. */
export type SecuritySchemeName = "OAuth2" | "OrgOAuth2" | "PersonalAccessToken" | "PlanAccessToken";
/** Where each security scheme's credential travels. */
export declare const securitySchemes: Readonly<Record<SecuritySchemeName, SecuritySchemeSpec>>;
/** A client of this contract; `ThrowOnError` when it was created with `throwOnError: true`. */
export type Client<ThrowOnError extends boolean = boolean> = SdkClient<SecuritySchemeName, ThrowOnError>;
/** A client for the operations of Figma API 0.43.0: pass it to the operation functions, or to createApi. `auth` takes credentials by security scheme name; each call sends those its operation asks for. */
export declare function createSdkClient<ThrowOnError extends boolean = false>(options?: SdkClientOptions<SecuritySchemeName, ThrowOnError>): Client<ThrowOnError>;
export type GetFileArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/files/{file_key}"]["get"]["parameters"]["path"]>;
    query?: NonNullable<paths["/v1/files/{file_key}"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetFileResult = SdkSuccess<200, paths["/v1/files/{file_key}"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/files/{file_key}"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v1/files/{file_key}"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/files/{file_key}"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/files/{file_key}"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/files/{file_key}"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetFileData = Extract<GetFileResult, {
    ok: true;
}>["data"];
export type GetFileError = Extract<GetFileResult, {
    ok: false;
}>["error"];
/**
 * Get file JSON
 *
 * Returns the document identified by `file_key` as a JSON object. The file key can be parsed from any Figma file url: `https://www.figma.com/file/{file_key}/{title}`.
 *
 * The `document` property contains a node of type `DOCUMENT`.
 *
 * The `components` property contains a mapping from node IDs to component metadata. This is to help you determine which components each instance comes from.
 *
 * GET /v1/files/{file_key}
 */
export declare function getFile<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetFileArgs): Promise<SdkOutcome<ThrowOnError, GetFileResult>>;
export type GetFileNodesArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/files/{file_key}/nodes"]["get"]["parameters"]["path"]>;
    query: NonNullable<paths["/v1/files/{file_key}/nodes"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetFileNodesResult = SdkSuccess<200, paths["/v1/files/{file_key}/nodes"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/files/{file_key}/nodes"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v1/files/{file_key}/nodes"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/files/{file_key}/nodes"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/files/{file_key}/nodes"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/files/{file_key}/nodes"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetFileNodesData = Extract<GetFileNodesResult, {
    ok: true;
}>["data"];
export type GetFileNodesError = Extract<GetFileNodesResult, {
    ok: false;
}>["error"];
/**
 * Get file JSON for specific nodes
 *
 * Returns the nodes referenced to by `ids` as a JSON object. The nodes are retrieved from the Figma file referenced to by `file_key`.
 *
 * The node ID and file key can be parsed from any Figma node url: `https://www.figma.com/file/{file_key}/{title}?node-id={id}`
 *
 * The `name`, `lastModified`, `thumbnailUrl`, `editorType`, and `version` attributes are all metadata of the specified file.
 *
 * The `linkAccess` field describes the file link share permission level. There are 5 types of permissions a shared link can have: `"inherit"`, `"view"`, `"edit"`, `"org_view"`, and `"org_edit"`. `"inherit"` is the default permission applied to files created in a team project, and will inherit the project's permissions. `"org_view"` and `"org_edit"` restrict the link to org users.
 *
 * The `document` attribute contains a Node of type `DOCUMENT`.
 *
 * The `components` key contains a mapping from node IDs to component metadata. This is to help you determine which components each instance comes from.
 *
 * By default, no vector data is returned. To return vector data, pass the geometry=paths parameter to the endpoint.
 * Each node can also inherit properties from applicable styles. The styles key contains a mapping from style IDs to style metadata.
 *
 * Important: the nodes map may contain values that are `null`. This may be due to the node id not existing within the specified file.
 *
 * GET /v1/files/{file_key}/nodes
 */
export declare function getFileNodes<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetFileNodesArgs): Promise<SdkOutcome<ThrowOnError, GetFileNodesResult>>;
export type GetImagesArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/images/{file_key}"]["get"]["parameters"]["path"]>;
    query: NonNullable<paths["/v1/images/{file_key}"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetImagesResult = SdkSuccess<200, paths["/v1/images/{file_key}"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/images/{file_key}"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v1/images/{file_key}"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/images/{file_key}"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/images/{file_key}"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/images/{file_key}"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetImagesData = Extract<GetImagesResult, {
    ok: true;
}>["data"];
export type GetImagesError = Extract<GetImagesResult, {
    ok: false;
}>["error"];
/**
 * Render images of file nodes
 *
 * Renders images from a file.
 *
 * If no error occurs, `"images"` will be populated with a map from node IDs to URLs of the rendered images, and `"status"` will be omitted. The image assets will expire after 30 days. Images up to 32 megapixels can be exported. Any images that are larger will be scaled down.
 *
 * Important: the image map may contain values that are `null`. This indicates that rendering of that specific node has failed. This may be due to the node id not existing, or other reasons such has the node having no renderable components. It is guaranteed that any node that was requested for rendering will be represented in this map whether or not the render succeeded.
 *
 * To render multiple images from the same file, use the `ids` query parameter to specify multiple node ids.
 *
 * ```
 * GET /v1/images/:key?ids=1:2,1:3,1:4
 * ```
 *
 * GET /v1/images/{file_key}
 */
export declare function getImages<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetImagesArgs): Promise<SdkOutcome<ThrowOnError, GetImagesResult>>;
export type GetImageFillsArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/files/{file_key}/images"]["get"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetImageFillsResult = SdkSuccess<200, paths["/v1/files/{file_key}/images"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/files/{file_key}/images"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v1/files/{file_key}/images"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/files/{file_key}/images"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/files/{file_key}/images"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/files/{file_key}/images"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetImageFillsData = Extract<GetImageFillsResult, {
    ok: true;
}>["data"];
export type GetImageFillsError = Extract<GetImageFillsResult, {
    ok: false;
}>["error"];
/**
 * Get image fills
 *
 * Returns download links for all images present in image fills in a document. Image fills are how Figma represents any user supplied images. When you drag an image into Figma, we create a rectangle with a single fill that represents the image, and the user is able to transform the rectangle (and properties on the fill) as they wish.
 *
 * This endpoint returns a mapping from image references to the URLs at which the images may be download. Image URLs will expire after no more than 14 days. Image references are located in the output of the GET files endpoint under the `imageRef` attribute in a `Paint`.
 *
 * GET /v1/files/{file_key}/images
 */
export declare function getImageFills<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetImageFillsArgs): Promise<SdkOutcome<ThrowOnError, GetImageFillsResult>>;
export type GetFileMetaArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/files/{file_key}/meta"]["get"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetFileMetaResult = SdkSuccess<200, paths["/v1/files/{file_key}/meta"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/files/{file_key}/meta"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v1/files/{file_key}/meta"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/files/{file_key}/meta"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/files/{file_key}/meta"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/files/{file_key}/meta"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetFileMetaData = Extract<GetFileMetaResult, {
    ok: true;
}>["data"];
export type GetFileMetaError = Extract<GetFileMetaResult, {
    ok: false;
}>["error"];
/**
 * Get file metadata
 *
 * Get file metadata
 *
 * GET /v1/files/{file_key}/meta
 */
export declare function getFileMeta<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetFileMetaArgs): Promise<SdkOutcome<ThrowOnError, GetFileMetaResult>>;
export type GetTeamProjectsArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/teams/{team_id}/projects"]["get"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetTeamProjectsResult = SdkSuccess<200, paths["/v1/teams/{team_id}/projects"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/teams/{team_id}/projects"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v1/teams/{team_id}/projects"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<429, paths["/v1/teams/{team_id}/projects"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/teams/{team_id}/projects"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetTeamProjectsData = Extract<GetTeamProjectsResult, {
    ok: true;
}>["data"];
export type GetTeamProjectsError = Extract<GetTeamProjectsResult, {
    ok: false;
}>["error"];
/**
 * [Deprecated] Get projects in a team
 *
 * Deprecated in favor of [Get top-level folders in a team](https://developers.figma.com/docs/rest-api/folders-endpoints/). You can use this endpoint to get a list of the top-level Projects (now called "folders") within the specified team. This will only return projects visible to the authenticated user or owner of the developer token. Note: it is not currently possible to programmatically obtain the team id of a user just from a token. To obtain a team id, navigate to a team page of a team you are a part of. The team id will be present in the URL after the word team and before your team name.
 *
 * GET /v1/teams/{team_id}/projects
 *
 * @deprecated
 */
export declare function getTeamProjects<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetTeamProjectsArgs): Promise<SdkOutcome<ThrowOnError, GetTeamProjectsResult>>;
export type GetProjectMetaArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/projects/{project_id}/meta"]["get"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetProjectMetaResult = SdkSuccess<200, paths["/v1/projects/{project_id}/meta"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<403, paths["/v1/projects/{project_id}/meta"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/projects/{project_id}/meta"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/projects/{project_id}/meta"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/projects/{project_id}/meta"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetProjectMetaData = Extract<GetProjectMetaResult, {
    ok: true;
}>["data"];
export type GetProjectMetaError = Extract<GetProjectMetaResult, {
    ok: false;
}>["error"];
/**
 * [Deprecated] Get project metadata
 *
 * Deprecated in favor of [Get folder metadata](https://developers.figma.com/docs/rest-api/folders-endpoints/). Get metadata for a project (now called a "folder").
 *
 * GET /v1/projects/{project_id}/meta
 *
 * @deprecated
 */
export declare function getProjectMeta<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetProjectMetaArgs): Promise<SdkOutcome<ThrowOnError, GetProjectMetaResult>>;
export type GetProjectFilesArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/projects/{project_id}/files"]["get"]["parameters"]["path"]>;
    query?: NonNullable<paths["/v1/projects/{project_id}/files"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetProjectFilesResult = SdkSuccess<200, paths["/v1/projects/{project_id}/files"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/projects/{project_id}/files"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v1/projects/{project_id}/files"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<429, paths["/v1/projects/{project_id}/files"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/projects/{project_id}/files"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetProjectFilesData = Extract<GetProjectFilesResult, {
    ok: true;
}>["data"];
export type GetProjectFilesError = Extract<GetProjectFilesResult, {
    ok: false;
}>["error"];
/**
 * [Deprecated] Get files in a project
 *
 * Deprecated in favor of [Get files in a folder](https://developers.figma.com/docs/rest-api/folders-endpoints/). Get a list of all the Files within the specified project (now called a "folder").
 *
 * GET /v1/projects/{project_id}/files
 *
 * @deprecated
 */
export declare function getProjectFiles<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetProjectFilesArgs): Promise<SdkOutcome<ThrowOnError, GetProjectFilesResult>>;
export type GetTeamFoldersArgs = SdkCallOptions & {
    path: NonNullable<paths["/v2/teams/{team_id}/folders"]["get"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetTeamFoldersResult = SdkSuccess<200, paths["/v2/teams/{team_id}/folders"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v2/teams/{team_id}/folders"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v2/teams/{team_id}/folders"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v2/teams/{team_id}/folders"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v2/teams/{team_id}/folders"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v2/teams/{team_id}/folders"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetTeamFoldersData = Extract<GetTeamFoldersResult, {
    ok: true;
}>["data"];
export type GetTeamFoldersError = Extract<GetTeamFoldersResult, {
    ok: false;
}>["error"];
/**
 * Get top-level folders in a team
 *
 * Get a list of the top-level folders (previously called "projects") within the specified team. Subfolders can be traversed with the GET /v2/folders/{folder_id}/folders endpoint. It is not possible to programmatically obtain team IDs. To obtain a team ID, navigate to the team page in the Figma file browser. The team ID is present in the URL after the word team. For example, in `https://www.figma.com/files/181033233908053158/team/1535685101263221741`, the team ID is `1535685101263221741`.
 *
 * GET /v2/teams/{team_id}/folders
 */
export declare function getTeamFolders<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetTeamFoldersArgs): Promise<SdkOutcome<ThrowOnError, GetTeamFoldersResult>>;
export type GetFolderFoldersArgs = SdkCallOptions & {
    path: NonNullable<paths["/v2/folders/{folder_id}/folders"]["get"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetFolderFoldersResult = SdkSuccess<200, paths["/v2/folders/{folder_id}/folders"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v2/folders/{folder_id}/folders"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v2/folders/{folder_id}/folders"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v2/folders/{folder_id}/folders"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v2/folders/{folder_id}/folders"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v2/folders/{folder_id}/folders"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetFolderFoldersData = Extract<GetFolderFoldersResult, {
    ok: true;
}>["data"];
export type GetFolderFoldersError = Extract<GetFolderFoldersResult, {
    ok: false;
}>["error"];
/**
 * Get subfolders in a folder
 *
 * Get a list of the direct subfolders within the specified folder.
 *
 * GET /v2/folders/{folder_id}/folders
 */
export declare function getFolderFolders<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetFolderFoldersArgs): Promise<SdkOutcome<ThrowOnError, GetFolderFoldersResult>>;
export type GetFolderFilesArgs = SdkCallOptions & {
    path: NonNullable<paths["/v2/folders/{folder_id}/files"]["get"]["parameters"]["path"]>;
    query?: NonNullable<paths["/v2/folders/{folder_id}/files"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetFolderFilesResult = SdkSuccess<200, paths["/v2/folders/{folder_id}/files"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v2/folders/{folder_id}/files"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v2/folders/{folder_id}/files"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v2/folders/{folder_id}/files"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v2/folders/{folder_id}/files"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v2/folders/{folder_id}/files"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetFolderFilesData = Extract<GetFolderFilesResult, {
    ok: true;
}>["data"];
export type GetFolderFilesError = Extract<GetFolderFilesResult, {
    ok: false;
}>["error"];
/**
 * Get files in a folder
 *
 * Get a list of the files directly within the specified folder.
 *
 * GET /v2/folders/{folder_id}/files
 */
export declare function getFolderFiles<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetFolderFilesArgs): Promise<SdkOutcome<ThrowOnError, GetFolderFilesResult>>;
export type GetFolderMetaArgs = SdkCallOptions & {
    path: NonNullable<paths["/v2/folders/{folder_id}/meta"]["get"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetFolderMetaResult = SdkSuccess<200, paths["/v2/folders/{folder_id}/meta"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<403, paths["/v2/folders/{folder_id}/meta"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v2/folders/{folder_id}/meta"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v2/folders/{folder_id}/meta"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v2/folders/{folder_id}/meta"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetFolderMetaData = Extract<GetFolderMetaResult, {
    ok: true;
}>["data"];
export type GetFolderMetaError = Extract<GetFolderMetaResult, {
    ok: false;
}>["error"];
/**
 * Get folder metadata
 *
 * Get metadata for a folder (name, thumbnail, file count, timestamps) without enumerating its files.
 *
 * GET /v2/folders/{folder_id}/meta
 */
export declare function getFolderMeta<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetFolderMetaArgs): Promise<SdkOutcome<ThrowOnError, GetFolderMetaResult>>;
export type GetFileVersionsArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/files/{file_key}/versions"]["get"]["parameters"]["path"]>;
    query?: NonNullable<paths["/v1/files/{file_key}/versions"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetFileVersionsResult = SdkSuccess<200, paths["/v1/files/{file_key}/versions"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<403, paths["/v1/files/{file_key}/versions"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/files/{file_key}/versions"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/files/{file_key}/versions"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/files/{file_key}/versions"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetFileVersionsData = Extract<GetFileVersionsResult, {
    ok: true;
}>["data"];
export type GetFileVersionsError = Extract<GetFileVersionsResult, {
    ok: false;
}>["error"];
/**
 * Get versions of a file
 *
 * This endpoint fetches the version history of a file, allowing you to see the progression of a file over time. You can then use this information to render a specific version of the file, via another endpoint.
 *
 * GET /v1/files/{file_key}/versions
 */
export declare function getFileVersions<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetFileVersionsArgs): Promise<SdkOutcome<ThrowOnError, GetFileVersionsResult>>;
export type GetCommentsArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/files/{file_key}/comments"]["get"]["parameters"]["path"]>;
    query?: NonNullable<paths["/v1/files/{file_key}/comments"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetCommentsResult = SdkSuccess<200, paths["/v1/files/{file_key}/comments"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<403, paths["/v1/files/{file_key}/comments"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/files/{file_key}/comments"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/files/{file_key}/comments"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/files/{file_key}/comments"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetCommentsData = Extract<GetCommentsResult, {
    ok: true;
}>["data"];
export type GetCommentsError = Extract<GetCommentsResult, {
    ok: false;
}>["error"];
/**
 * Get comments in a file
 *
 * Gets a list of comments left on the file.
 *
 * GET /v1/files/{file_key}/comments
 */
export declare function getComments<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetCommentsArgs): Promise<SdkOutcome<ThrowOnError, GetCommentsResult>>;
export type PostCommentArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/files/{file_key}/comments"]["post"]["parameters"]["path"]>;
} & {
    contentType?: "application/json";
    body: NonNullable<paths["/v1/files/{file_key}/comments"]["post"]["requestBody"]>["content"]["application/json"];
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type PostCommentResult = SdkSuccess<200, paths["/v1/files/{file_key}/comments"]["post"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/files/{file_key}/comments"]["post"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v1/files/{file_key}/comments"]["post"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/files/{file_key}/comments"]["post"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/files/{file_key}/comments"]["post"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/files/{file_key}/comments"]["post"]["responses"][500]["content"]["application/json"]>;
export type PostCommentData = Extract<PostCommentResult, {
    ok: true;
}>["data"];
export type PostCommentError = Extract<PostCommentResult, {
    ok: false;
}>["error"];
/**
 * Add a comment to a file
 *
 * Posts a new comment on the file.
 *
 * POST /v1/files/{file_key}/comments
 */
export declare function postComment<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: PostCommentArgs): Promise<SdkOutcome<ThrowOnError, PostCommentResult>>;
export type DeleteCommentArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/files/{file_key}/comments/{comment_id}"]["delete"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type DeleteCommentResult = SdkSuccess<200, paths["/v1/files/{file_key}/comments/{comment_id}"]["delete"]["responses"][200]["content"]["application/json"]> | SdkFailure<403, paths["/v1/files/{file_key}/comments/{comment_id}"]["delete"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/files/{file_key}/comments/{comment_id}"]["delete"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/files/{file_key}/comments/{comment_id}"]["delete"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/files/{file_key}/comments/{comment_id}"]["delete"]["responses"][500]["content"]["application/json"]>;
export type DeleteCommentData = Extract<DeleteCommentResult, {
    ok: true;
}>["data"];
export type DeleteCommentError = Extract<DeleteCommentResult, {
    ok: false;
}>["error"];
/**
 * Delete a comment
 *
 * Deletes a specific comment. Only the person who made the comment is allowed to delete it.
 *
 * DELETE /v1/files/{file_key}/comments/{comment_id}
 */
export declare function deleteComment<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: DeleteCommentArgs): Promise<SdkOutcome<ThrowOnError, DeleteCommentResult>>;
export type GetCommentReactionsArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["get"]["parameters"]["path"]>;
    query?: NonNullable<paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetCommentReactionsResult = SdkSuccess<200, paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<403, paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetCommentReactionsData = Extract<GetCommentReactionsResult, {
    ok: true;
}>["data"];
export type GetCommentReactionsError = Extract<GetCommentReactionsResult, {
    ok: false;
}>["error"];
/**
 * Get reactions for a comment
 *
 * Gets a paginated list of reactions left on the comment.
 *
 * GET /v1/files/{file_key}/comments/{comment_id}/reactions
 */
export declare function getCommentReactions<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetCommentReactionsArgs): Promise<SdkOutcome<ThrowOnError, GetCommentReactionsResult>>;
export type PostCommentReactionArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["post"]["parameters"]["path"]>;
} & {
    contentType?: "application/json";
    body: NonNullable<paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["post"]["requestBody"]>["content"]["application/json"];
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type PostCommentReactionResult = SdkSuccess<200, paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["post"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["post"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["post"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["post"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["post"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["post"]["responses"][500]["content"]["application/json"]>;
export type PostCommentReactionData = Extract<PostCommentReactionResult, {
    ok: true;
}>["data"];
export type PostCommentReactionError = Extract<PostCommentReactionResult, {
    ok: false;
}>["error"];
/**
 * Add a reaction to a comment
 *
 * Posts a new comment reaction on a file comment.
 *
 * POST /v1/files/{file_key}/comments/{comment_id}/reactions
 */
export declare function postCommentReaction<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: PostCommentReactionArgs): Promise<SdkOutcome<ThrowOnError, PostCommentReactionResult>>;
export type DeleteCommentReactionArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["delete"]["parameters"]["path"]>;
    query: NonNullable<paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["delete"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type DeleteCommentReactionResult = SdkSuccess<200, paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["delete"]["responses"][200]["content"]["application/json"]> | SdkFailure<403, paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["delete"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["delete"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["delete"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/files/{file_key}/comments/{comment_id}/reactions"]["delete"]["responses"][500]["content"]["application/json"]>;
export type DeleteCommentReactionData = Extract<DeleteCommentReactionResult, {
    ok: true;
}>["data"];
export type DeleteCommentReactionError = Extract<DeleteCommentReactionResult, {
    ok: false;
}>["error"];
/**
 * Delete a reaction
 *
 * Deletes a specific comment reaction. Only the person who made the reaction is allowed to delete it.
 *
 * DELETE /v1/files/{file_key}/comments/{comment_id}/reactions
 */
export declare function deleteCommentReaction<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: DeleteCommentReactionArgs): Promise<SdkOutcome<ThrowOnError, DeleteCommentReactionResult>>;
export type GetMeArgs = SdkCallOptions;
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetMeResult = SdkSuccess<200, paths["/v1/me"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<403, paths["/v1/me"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<429, paths["/v1/me"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/me"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetMeData = Extract<GetMeResult, {
    ok: true;
}>["data"];
export type GetMeError = Extract<GetMeResult, {
    ok: false;
}>["error"];
/**
 * Get current user
 *
 * Returns the user information for the currently authenticated user.
 *
 * GET /v1/me
 */
export declare function getMe<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args?: GetMeArgs): Promise<SdkOutcome<ThrowOnError, GetMeResult>>;
export type GetTeamComponentsArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/teams/{team_id}/components"]["get"]["parameters"]["path"]>;
    query?: NonNullable<paths["/v1/teams/{team_id}/components"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetTeamComponentsResult = SdkSuccess<200, paths["/v1/teams/{team_id}/components"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/teams/{team_id}/components"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v1/teams/{team_id}/components"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/teams/{team_id}/components"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/teams/{team_id}/components"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/teams/{team_id}/components"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetTeamComponentsData = Extract<GetTeamComponentsResult, {
    ok: true;
}>["data"];
export type GetTeamComponentsError = Extract<GetTeamComponentsResult, {
    ok: false;
}>["error"];
/**
 * Get team components
 *
 * Get a paginated list of published components within a team library.
 *
 * GET /v1/teams/{team_id}/components
 */
export declare function getTeamComponents<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetTeamComponentsArgs): Promise<SdkOutcome<ThrowOnError, GetTeamComponentsResult>>;
export type GetFileComponentsArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/files/{file_key}/components"]["get"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetFileComponentsResult = SdkSuccess<200, paths["/v1/files/{file_key}/components"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/files/{file_key}/components"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v1/files/{file_key}/components"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/files/{file_key}/components"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/files/{file_key}/components"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/files/{file_key}/components"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetFileComponentsData = Extract<GetFileComponentsResult, {
    ok: true;
}>["data"];
export type GetFileComponentsError = Extract<GetFileComponentsResult, {
    ok: false;
}>["error"];
/**
 * Get file components
 *
 * Get a list of published components within a file library.
 *
 * GET /v1/files/{file_key}/components
 */
export declare function getFileComponents<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetFileComponentsArgs): Promise<SdkOutcome<ThrowOnError, GetFileComponentsResult>>;
export type GetComponentArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/components/{key}"]["get"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetComponentResult = SdkSuccess<200, paths["/v1/components/{key}"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/components/{key}"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v1/components/{key}"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/components/{key}"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/components/{key}"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/components/{key}"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetComponentData = Extract<GetComponentResult, {
    ok: true;
}>["data"];
export type GetComponentError = Extract<GetComponentResult, {
    ok: false;
}>["error"];
/**
 * Get component
 *
 * Get metadata on a component by key.
 *
 * GET /v1/components/{key}
 */
export declare function getComponent<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetComponentArgs): Promise<SdkOutcome<ThrowOnError, GetComponentResult>>;
export type GetTeamComponentSetsArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/teams/{team_id}/component_sets"]["get"]["parameters"]["path"]>;
    query?: NonNullable<paths["/v1/teams/{team_id}/component_sets"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetTeamComponentSetsResult = SdkSuccess<200, paths["/v1/teams/{team_id}/component_sets"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/teams/{team_id}/component_sets"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v1/teams/{team_id}/component_sets"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/teams/{team_id}/component_sets"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/teams/{team_id}/component_sets"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/teams/{team_id}/component_sets"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetTeamComponentSetsData = Extract<GetTeamComponentSetsResult, {
    ok: true;
}>["data"];
export type GetTeamComponentSetsError = Extract<GetTeamComponentSetsResult, {
    ok: false;
}>["error"];
/**
 * Get team component sets
 *
 * Get a paginated list of published component sets within a team library.
 *
 * GET /v1/teams/{team_id}/component_sets
 */
export declare function getTeamComponentSets<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetTeamComponentSetsArgs): Promise<SdkOutcome<ThrowOnError, GetTeamComponentSetsResult>>;
export type GetFileComponentSetsArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/files/{file_key}/component_sets"]["get"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetFileComponentSetsResult = SdkSuccess<200, paths["/v1/files/{file_key}/component_sets"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/files/{file_key}/component_sets"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v1/files/{file_key}/component_sets"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/files/{file_key}/component_sets"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/files/{file_key}/component_sets"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/files/{file_key}/component_sets"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetFileComponentSetsData = Extract<GetFileComponentSetsResult, {
    ok: true;
}>["data"];
export type GetFileComponentSetsError = Extract<GetFileComponentSetsResult, {
    ok: false;
}>["error"];
/**
 * Get file component sets
 *
 * Get a list of published component sets within a file library.
 *
 * GET /v1/files/{file_key}/component_sets
 */
export declare function getFileComponentSets<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetFileComponentSetsArgs): Promise<SdkOutcome<ThrowOnError, GetFileComponentSetsResult>>;
export type GetComponentSetArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/component_sets/{key}"]["get"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetComponentSetResult = SdkSuccess<200, paths["/v1/component_sets/{key}"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/component_sets/{key}"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v1/component_sets/{key}"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/component_sets/{key}"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/component_sets/{key}"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/component_sets/{key}"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetComponentSetData = Extract<GetComponentSetResult, {
    ok: true;
}>["data"];
export type GetComponentSetError = Extract<GetComponentSetResult, {
    ok: false;
}>["error"];
/**
 * Get component set
 *
 * Get metadata on a published component set by key.
 *
 * GET /v1/component_sets/{key}
 */
export declare function getComponentSet<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetComponentSetArgs): Promise<SdkOutcome<ThrowOnError, GetComponentSetResult>>;
export type GetTeamStylesArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/teams/{team_id}/styles"]["get"]["parameters"]["path"]>;
    query?: NonNullable<paths["/v1/teams/{team_id}/styles"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetTeamStylesResult = SdkSuccess<200, paths["/v1/teams/{team_id}/styles"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/teams/{team_id}/styles"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v1/teams/{team_id}/styles"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/teams/{team_id}/styles"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/teams/{team_id}/styles"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/teams/{team_id}/styles"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetTeamStylesData = Extract<GetTeamStylesResult, {
    ok: true;
}>["data"];
export type GetTeamStylesError = Extract<GetTeamStylesResult, {
    ok: false;
}>["error"];
/**
 * Get team styles
 *
 * Get a paginated list of published styles within a team library.
 *
 * GET /v1/teams/{team_id}/styles
 */
export declare function getTeamStyles<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetTeamStylesArgs): Promise<SdkOutcome<ThrowOnError, GetTeamStylesResult>>;
export type GetFileStylesArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/files/{file_key}/styles"]["get"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetFileStylesResult = SdkSuccess<200, paths["/v1/files/{file_key}/styles"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/files/{file_key}/styles"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v1/files/{file_key}/styles"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/files/{file_key}/styles"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/files/{file_key}/styles"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/files/{file_key}/styles"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetFileStylesData = Extract<GetFileStylesResult, {
    ok: true;
}>["data"];
export type GetFileStylesError = Extract<GetFileStylesResult, {
    ok: false;
}>["error"];
/**
 * Get file styles
 *
 * Get a list of published styles within a file library.
 *
 * GET /v1/files/{file_key}/styles
 */
export declare function getFileStyles<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetFileStylesArgs): Promise<SdkOutcome<ThrowOnError, GetFileStylesResult>>;
export type GetStyleArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/styles/{key}"]["get"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetStyleResult = SdkSuccess<200, paths["/v1/styles/{key}"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/styles/{key}"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v1/styles/{key}"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/styles/{key}"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/styles/{key}"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/styles/{key}"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetStyleData = Extract<GetStyleResult, {
    ok: true;
}>["data"];
export type GetStyleError = Extract<GetStyleResult, {
    ok: false;
}>["error"];
/**
 * Get style
 *
 * Get metadata on a style by key.
 *
 * GET /v1/styles/{key}
 */
export declare function getStyle<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetStyleArgs): Promise<SdkOutcome<ThrowOnError, GetStyleResult>>;
export type GetWebhooksArgs = SdkCallOptions & {
    query?: NonNullable<paths["/v2/webhooks"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetWebhooksResult = SdkSuccess<200, paths["/v2/webhooks"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v2/webhooks"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v2/webhooks"]["get"]["responses"][403]["content"]["application/json"]>;
export type GetWebhooksData = Extract<GetWebhooksResult, {
    ok: true;
}>["data"];
export type GetWebhooksError = Extract<GetWebhooksResult, {
    ok: false;
}>["error"];
/**
 * Get webhooks by context or plan
 *
 * Returns a list of webhooks corresponding to the context or plan provided, if they exist. For plan, the webhooks for all contexts that you have access to will be returned, and theresponse is paginated
 *
 * GET /v2/webhooks
 */
export declare function getWebhooks<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args?: GetWebhooksArgs): Promise<SdkOutcome<ThrowOnError, GetWebhooksResult>>;
export type PostWebhookArgs = SdkCallOptions & {
    contentType?: "application/json";
    body: NonNullable<paths["/v2/webhooks"]["post"]["requestBody"]>["content"]["application/json"];
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type PostWebhookResult = SdkSuccess<200, paths["/v2/webhooks"]["post"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v2/webhooks"]["post"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v2/webhooks"]["post"]["responses"][403]["content"]["application/json"]> | SdkFailure<429, paths["/v2/webhooks"]["post"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v2/webhooks"]["post"]["responses"][500]["content"]["application/json"]>;
export type PostWebhookData = Extract<PostWebhookResult, {
    ok: true;
}>["data"];
export type PostWebhookError = Extract<PostWebhookResult, {
    ok: false;
}>["error"];
/**
 * Create a webhook
 *
 * Create a new webhook which will call the specified endpoint when the event triggers. By default, this webhook will automatically send a PING event to the endpoint when it is created. If this behavior is not desired, you can create the webhook and set the status to PAUSED and reactivate it later.
 *
 * POST /v2/webhooks
 */
export declare function postWebhook<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: PostWebhookArgs): Promise<SdkOutcome<ThrowOnError, PostWebhookResult>>;
export type GetWebhookArgs = SdkCallOptions & {
    path: NonNullable<paths["/v2/webhooks/{webhook_id}"]["get"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetWebhookResult = SdkSuccess<200, paths["/v2/webhooks/{webhook_id}"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v2/webhooks/{webhook_id}"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v2/webhooks/{webhook_id}"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v2/webhooks/{webhook_id}"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v2/webhooks/{webhook_id}"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v2/webhooks/{webhook_id}"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetWebhookData = Extract<GetWebhookResult, {
    ok: true;
}>["data"];
export type GetWebhookError = Extract<GetWebhookResult, {
    ok: false;
}>["error"];
/**
 * Get a webhook
 *
 * Get a webhook by ID.
 *
 * GET /v2/webhooks/{webhook_id}
 */
export declare function getWebhook<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetWebhookArgs): Promise<SdkOutcome<ThrowOnError, GetWebhookResult>>;
export type PutWebhookArgs = SdkCallOptions & {
    path: NonNullable<paths["/v2/webhooks/{webhook_id}"]["put"]["parameters"]["path"]>;
} & {
    contentType?: "application/json";
    body: NonNullable<paths["/v2/webhooks/{webhook_id}"]["put"]["requestBody"]>["content"]["application/json"];
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type PutWebhookResult = SdkSuccess<200, paths["/v2/webhooks/{webhook_id}"]["put"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v2/webhooks/{webhook_id}"]["put"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v2/webhooks/{webhook_id}"]["put"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v2/webhooks/{webhook_id}"]["put"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v2/webhooks/{webhook_id}"]["put"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v2/webhooks/{webhook_id}"]["put"]["responses"][500]["content"]["application/json"]>;
export type PutWebhookData = Extract<PutWebhookResult, {
    ok: true;
}>["data"];
export type PutWebhookError = Extract<PutWebhookResult, {
    ok: false;
}>["error"];
/**
 * Update a webhook
 *
 * Update a webhook by ID.
 *
 * PUT /v2/webhooks/{webhook_id}
 */
export declare function putWebhook<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: PutWebhookArgs): Promise<SdkOutcome<ThrowOnError, PutWebhookResult>>;
export type DeleteWebhookArgs = SdkCallOptions & {
    path: NonNullable<paths["/v2/webhooks/{webhook_id}"]["delete"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type DeleteWebhookResult = SdkSuccess<200, paths["/v2/webhooks/{webhook_id}"]["delete"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v2/webhooks/{webhook_id}"]["delete"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v2/webhooks/{webhook_id}"]["delete"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v2/webhooks/{webhook_id}"]["delete"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v2/webhooks/{webhook_id}"]["delete"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v2/webhooks/{webhook_id}"]["delete"]["responses"][500]["content"]["application/json"]>;
export type DeleteWebhookData = Extract<DeleteWebhookResult, {
    ok: true;
}>["data"];
export type DeleteWebhookError = Extract<DeleteWebhookResult, {
    ok: false;
}>["error"];
/**
 * Delete a webhook
 *
 * Deletes the specified webhook. This operation cannot be reversed.
 *
 * DELETE /v2/webhooks/{webhook_id}
 */
export declare function deleteWebhook<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: DeleteWebhookArgs): Promise<SdkOutcome<ThrowOnError, DeleteWebhookResult>>;
export type GetTeamWebhooksArgs = SdkCallOptions & {
    path: NonNullable<paths["/v2/teams/{team_id}/webhooks"]["get"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetTeamWebhooksResult = SdkSuccess<200, paths["/v2/teams/{team_id}/webhooks"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<403, paths["/v2/teams/{team_id}/webhooks"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v2/teams/{team_id}/webhooks"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v2/teams/{team_id}/webhooks"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v2/teams/{team_id}/webhooks"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetTeamWebhooksData = Extract<GetTeamWebhooksResult, {
    ok: true;
}>["data"];
export type GetTeamWebhooksError = Extract<GetTeamWebhooksResult, {
    ok: false;
}>["error"];
/**
 * [Deprecated] Get team webhooks
 *
 * Returns all webhooks registered under the specified team.
 *
 * GET /v2/teams/{team_id}/webhooks
 *
 * @deprecated
 */
export declare function getTeamWebhooks<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetTeamWebhooksArgs): Promise<SdkOutcome<ThrowOnError, GetTeamWebhooksResult>>;
export type GetWebhookRequestsArgs = SdkCallOptions & {
    path: NonNullable<paths["/v2/webhooks/{webhook_id}/requests"]["get"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetWebhookRequestsResult = SdkSuccess<200, paths["/v2/webhooks/{webhook_id}/requests"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v2/webhooks/{webhook_id}/requests"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<403, paths["/v2/webhooks/{webhook_id}/requests"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v2/webhooks/{webhook_id}/requests"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v2/webhooks/{webhook_id}/requests"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v2/webhooks/{webhook_id}/requests"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetWebhookRequestsData = Extract<GetWebhookRequestsResult, {
    ok: true;
}>["data"];
export type GetWebhookRequestsError = Extract<GetWebhookRequestsResult, {
    ok: false;
}>["error"];
/**
 * Get webhook requests
 *
 * Returns all webhook requests sent within the last week. Useful for debugging.
 *
 * GET /v2/webhooks/{webhook_id}/requests
 */
export declare function getWebhookRequests<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetWebhookRequestsArgs): Promise<SdkOutcome<ThrowOnError, GetWebhookRequestsResult>>;
export type GetActivityLogsArgs = SdkCallOptions & {
    query?: NonNullable<paths["/v1/activity_logs"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetActivityLogsResult = SdkSuccess<200, paths["/v1/activity_logs"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/activity_logs"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<401, paths["/v1/activity_logs"]["get"]["responses"][401]["content"]["application/json"]> | SdkFailure<403, paths["/v1/activity_logs"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<429, paths["/v1/activity_logs"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/activity_logs"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetActivityLogsData = Extract<GetActivityLogsResult, {
    ok: true;
}>["data"];
export type GetActivityLogsError = Extract<GetActivityLogsResult, {
    ok: false;
}>["error"];
/**
 * Get activity logs
 *
 * Returns a list of activity log events
 *
 * GET /v1/activity_logs
 */
export declare function getActivityLogs<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args?: GetActivityLogsArgs): Promise<SdkOutcome<ThrowOnError, GetActivityLogsResult>>;
export type GetDeveloperLogsArgs = SdkCallOptions & {
    contentType?: "application/json";
    body?: NonNullable<paths["/v1/developer_logs"]["post"]["requestBody"]>["content"]["application/json"];
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetDeveloperLogsResult = SdkSuccess<200, paths["/v1/developer_logs"]["post"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/developer_logs"]["post"]["responses"][400]["content"]["application/json"]> | SdkFailure<401, paths["/v1/developer_logs"]["post"]["responses"][401]["content"]["application/json"]> | SdkFailure<403, paths["/v1/developer_logs"]["post"]["responses"][403]["content"]["application/json"]> | SdkFailure<429, paths["/v1/developer_logs"]["post"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/developer_logs"]["post"]["responses"][500]["content"]["application/json"]>;
export type GetDeveloperLogsData = Extract<GetDeveloperLogsResult, {
    ok: true;
}>["data"];
export type GetDeveloperLogsError = Extract<GetDeveloperLogsResult, {
    ok: false;
}>["error"];
/**
 * Get developer logs
 *
 * Returns a list of developer log entries for REST API and MCP server requests made within the organization. This endpoint requires a plan access token with the `org:developer_log_read` scope.
 *
 * POST /v1/developer_logs
 */
export declare function getDeveloperLogs<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args?: GetDeveloperLogsArgs): Promise<SdkOutcome<ThrowOnError, GetDeveloperLogsResult>>;
export type GetAiUsageDailyArgs = SdkCallOptions & {
    query: NonNullable<paths["/v1/ai_usage/daily"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetAiUsageDailyResult = SdkSuccess<200, paths["/v1/ai_usage/daily"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/ai_usage/daily"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<401, paths["/v1/ai_usage/daily"]["get"]["responses"][401]["content"]["application/json"]> | SdkFailure<403, paths["/v1/ai_usage/daily"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<429, paths["/v1/ai_usage/daily"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/ai_usage/daily"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetAiUsageDailyData = Extract<GetAiUsageDailyResult, {
    ok: true;
}>["data"];
export type GetAiUsageDailyError = Extract<GetAiUsageDailyResult, {
    ok: false;
}>["error"];
/**
 * Get daily AI credit usage
 *
 * Returns per-user, per-day AI credit usage for the plan associated with the calling token. This endpoint requires a plan access token with the `org:ai_metering_usage_read` scope.
 *
 * GET /v1/ai_usage/daily
 */
export declare function getAiUsageDaily<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetAiUsageDailyArgs): Promise<SdkOutcome<ThrowOnError, GetAiUsageDailyResult>>;
export type GetPaymentsArgs = SdkCallOptions & {
    query?: NonNullable<paths["/v1/payments"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetPaymentsResult = SdkSuccess<200, paths["/v1/payments"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<401, paths["/v1/payments"]["get"]["responses"][401]["content"]["application/json"]> | SdkFailure<429, paths["/v1/payments"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/payments"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetPaymentsData = Extract<GetPaymentsResult, {
    ok: true;
}>["data"];
export type GetPaymentsError = Extract<GetPaymentsResult, {
    ok: false;
}>["error"];
/**
 * Get payments
 *
 * There are two methods to query for a user's payment information on a plugin, widget, or Community file. The first method, using plugin payment tokens, is typically used when making queries from a plugin's or widget's code. The second method, providing a user ID and resource ID, is typically used when making queries from anywhere else.
 *
 * Note that you can only query for resources that you own. In most cases, this means that you can only query resources that you originally created.
 *
 * GET /v1/payments
 */
export declare function getPayments<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args?: GetPaymentsArgs): Promise<SdkOutcome<ThrowOnError, GetPaymentsResult>>;
export type GetLocalVariablesArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/files/{file_key}/variables/local"]["get"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetLocalVariablesResult = SdkSuccess<200, paths["/v1/files/{file_key}/variables/local"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<401, paths["/v1/files/{file_key}/variables/local"]["get"]["responses"][401]["content"]["application/json"]> | SdkFailure<403, paths["/v1/files/{file_key}/variables/local"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/files/{file_key}/variables/local"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/files/{file_key}/variables/local"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/files/{file_key}/variables/local"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetLocalVariablesData = Extract<GetLocalVariablesResult, {
    ok: true;
}>["data"];
export type GetLocalVariablesError = Extract<GetLocalVariablesResult, {
    ok: false;
}>["error"];
/**
 * Get local variables
 *
 * **This API is available to full members of Enterprise orgs.**
 *
 * The `GET /v1/files/:file_key/variables/local` endpoint lets you enumerate local variables created in the file and remote variables used in the file. Remote variables are referenced by their `subscribed_id`.
 *
 * As a part of the Variables related API additions, the `GET /v1/files/:file_key` endpoint now returns a `boundVariables` property, containing the `variableId` of the bound variable. The `GET /v1/files/:file_key/variables/local` endpoint can be used to get the full variable or variable collection object.
 *
 * Note that `GET /v1/files/:file_key/variables/published` does not return modes. Instead, you will need to use the `GET /v1/files/:file_key/variables/local` endpoint, in the same file, to examine the mode values.
 *
 * GET /v1/files/{file_key}/variables/local
 */
export declare function getLocalVariables<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetLocalVariablesArgs): Promise<SdkOutcome<ThrowOnError, GetLocalVariablesResult>>;
export type GetPublishedVariablesArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/files/{file_key}/variables/published"]["get"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetPublishedVariablesResult = SdkSuccess<200, paths["/v1/files/{file_key}/variables/published"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<401, paths["/v1/files/{file_key}/variables/published"]["get"]["responses"][401]["content"]["application/json"]> | SdkFailure<403, paths["/v1/files/{file_key}/variables/published"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/files/{file_key}/variables/published"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/files/{file_key}/variables/published"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/files/{file_key}/variables/published"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetPublishedVariablesData = Extract<GetPublishedVariablesResult, {
    ok: true;
}>["data"];
export type GetPublishedVariablesError = Extract<GetPublishedVariablesResult, {
    ok: false;
}>["error"];
/**
 * Get published variables
 *
 * **This API is available to full members of Enterprise orgs.**
 *
 * The `GET /v1/files/:file_key/variables/published` endpoint returns the variables that are published from the given file.
 *
 * The response for this endpoint contains some key differences compared to the `GET /v1/files/:file_key/variables/local` endpoint:
 *
 * - Each variable and variable collection contains a `subscribed_id`.
 * - Modes are omitted for published variable collections
 *
 * Published variables have two ids: an id that is assigned in the file where it is created (`id`), and an id that is used by subscribing files (`subscribed_id`). The `id` and `key` are stable over the lifetime of the variable. The `subscribed_id` changes every time the variable is modified and published. The same is true for variable collections.
 *
 * The `updatedAt` fields are ISO 8601 timestamps that indicate the last time that a change to a variable was published. For variable collections, this timestamp will change any time a variable in the collection is changed.
 *
 * GET /v1/files/{file_key}/variables/published
 */
export declare function getPublishedVariables<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetPublishedVariablesArgs): Promise<SdkOutcome<ThrowOnError, GetPublishedVariablesResult>>;
export type PostVariablesArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/files/{file_key}/variables"]["post"]["parameters"]["path"]>;
} & {
    contentType?: "application/json";
    body: NonNullable<paths["/v1/files/{file_key}/variables"]["post"]["requestBody"]>["content"]["application/json"];
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type PostVariablesResult = SdkSuccess<200, paths["/v1/files/{file_key}/variables"]["post"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/files/{file_key}/variables"]["post"]["responses"][400]["content"]["application/json"]> | SdkFailure<401, paths["/v1/files/{file_key}/variables"]["post"]["responses"][401]["content"]["application/json"]> | SdkFailure<403, paths["/v1/files/{file_key}/variables"]["post"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/files/{file_key}/variables"]["post"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/files/{file_key}/variables"]["post"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/files/{file_key}/variables"]["post"]["responses"][500]["content"]["application/json"]>;
export type PostVariablesData = Extract<PostVariablesResult, {
    ok: true;
}>["data"];
export type PostVariablesError = Extract<PostVariablesResult, {
    ok: false;
}>["error"];
/**
 * Create/modify/delete variables
 *
 * **This API is available to full members of Enterprise orgs with Editor seats.**
 *
 * The `POST /v1/files/:file_key/variables` endpoint lets you bulk create, update, and delete variables and variable collections.
 *
 * The request body supports the following 4 top-level arrays. Changes from these arrays will be applied in the below order, and within each array, by array order.
 *
 * - **variableCollections**: For creating, updating, and deleting variable collections
 * - **variableModes**: For creating, updating, and deleting modes within variable collections
 *   - Each collection can have a maximum of 40 modes
 *   - Mode names cannot be longer than 40 characters
 * - **variables**: For creating, updating, and deleting variables
 *   - Each collection can have a maximum of 5000 variables
 *   - Variable names must be unique within a collection and cannot contain certain special characters such as `.{}`
 * - **variableModeValues**: For setting a variable value under a specific mode.
 *   - When setting aliases, a variable cannot be aliased to itself or form an alias cycle
 *   - Color variables can use a composed color value with `color` and `opacity` fields. At least one field must be a variable alias.
 *
 * Temporary ids can be used to reference an object later in the same POST request body. They can be used at create time in the `id` property of variable collections, modes, variables, and in the `initialModeId` property of variable collections. They are scoped to a single request body, and must be unique within the body. The mapping of temporary ids to real ids is returned in the response.
 *
 * This endpoint has the following key behaviors:
 *
 * - The request body must be 4MB or less.
 * - Must include an `action` property for collections, modes, and variables to tell the API whether to create, update, or delete the object.
 * - When creating a collection, mode, or variable, you can include a temporary `id` that can be referenced in dependent objects in the same request. For example, you can create a new collection with the id `"my_new_collection"`. You can then set `variableCollectionId` to `"my_new_collection"` in new modes or variables. Temporary ids must be unique in the request body.
 * - New collections always come with one mode. You can reference this mode by setting `initialModeId` to a temporary id in the request body. This is useful if you want to set values for variables in the mode in the `variableModeValues` array.
 *   - The `tempIdToRealId` array returns a mapping of the temporary ids in the request, to the real ids of the newly created objects.
 * - When adding new modes or variables, default variable values will be applied, consistent with what happens in the UI.
 * - Everything to be created, updated, and deleted in the request body is treated as one atomic operation. If there is any validation failure, you will get a 400 status code response, and no changes will be persisted.
 * - You will not be able to update remote variables or variable collections. You can only update variables in the file where they were originally created.
 *
 * POST /v1/files/{file_key}/variables
 */
export declare function postVariables<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: PostVariablesArgs): Promise<SdkOutcome<ThrowOnError, PostVariablesResult>>;
export type GetDevResourcesArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/files/{file_key}/dev_resources"]["get"]["parameters"]["path"]>;
    query?: NonNullable<paths["/v1/files/{file_key}/dev_resources"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetDevResourcesResult = SdkSuccess<200, paths["/v1/files/{file_key}/dev_resources"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/files/{file_key}/dev_resources"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<401, paths["/v1/files/{file_key}/dev_resources"]["get"]["responses"][401]["content"]["application/json"]> | SdkFailure<403, paths["/v1/files/{file_key}/dev_resources"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/files/{file_key}/dev_resources"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/files/{file_key}/dev_resources"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/files/{file_key}/dev_resources"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetDevResourcesData = Extract<GetDevResourcesResult, {
    ok: true;
}>["data"];
export type GetDevResourcesError = Extract<GetDevResourcesResult, {
    ok: false;
}>["error"];
/**
 * Get dev resources
 *
 * Get dev resources in a file
 *
 * GET /v1/files/{file_key}/dev_resources
 */
export declare function getDevResources<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetDevResourcesArgs): Promise<SdkOutcome<ThrowOnError, GetDevResourcesResult>>;
export type PutDevResourcesArgs = SdkCallOptions & {
    contentType?: "application/json";
    body: NonNullable<paths["/v1/dev_resources"]["put"]["requestBody"]>["content"]["application/json"];
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type PutDevResourcesResult = SdkSuccess<200, paths["/v1/dev_resources"]["put"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/dev_resources"]["put"]["responses"][400]["content"]["application/json"]> | SdkFailure<401, paths["/v1/dev_resources"]["put"]["responses"][401]["content"]["application/json"]> | SdkFailure<403, paths["/v1/dev_resources"]["put"]["responses"][403]["content"]["application/json"]> | SdkFailure<429, paths["/v1/dev_resources"]["put"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/dev_resources"]["put"]["responses"][500]["content"]["application/json"]>;
export type PutDevResourcesData = Extract<PutDevResourcesResult, {
    ok: true;
}>["data"];
export type PutDevResourcesError = Extract<PutDevResourcesResult, {
    ok: false;
}>["error"];
/**
 * Update dev resources
 *
 * Bulk update dev resources across multiple files.
 *
 * Ids for dev resources that are successfully updated will show up in the `links_updated` array in the response.
 *
 * If there are any dev resources that cannot be updated, you may still get a 200 response. These resources will show up in the `errors` array.
 *
 * PUT /v1/dev_resources
 */
export declare function putDevResources<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: PutDevResourcesArgs): Promise<SdkOutcome<ThrowOnError, PutDevResourcesResult>>;
export type PostDevResourcesArgs = SdkCallOptions & {
    contentType?: "application/json";
    body: NonNullable<paths["/v1/dev_resources"]["post"]["requestBody"]>["content"]["application/json"];
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type PostDevResourcesResult = SdkSuccess<200, paths["/v1/dev_resources"]["post"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/dev_resources"]["post"]["responses"][400]["content"]["application/json"]> | SdkFailure<401, paths["/v1/dev_resources"]["post"]["responses"][401]["content"]["application/json"]> | SdkFailure<403, paths["/v1/dev_resources"]["post"]["responses"][403]["content"]["application/json"]> | SdkFailure<429, paths["/v1/dev_resources"]["post"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/dev_resources"]["post"]["responses"][500]["content"]["application/json"]>;
export type PostDevResourcesData = Extract<PostDevResourcesResult, {
    ok: true;
}>["data"];
export type PostDevResourcesError = Extract<PostDevResourcesResult, {
    ok: false;
}>["error"];
/**
 * Create dev resources
 *
 * Bulk create dev resources across multiple files.
 * Dev resources that are successfully created will show up in the links_created array in the response.
 *
 * If there are any dev resources that cannot be created, you may still get a 200 response. These resources will show up in the errors array. Some reasons a dev resource cannot be created include:
 *
 * - Resource points to a `file_key` that cannot be found.
 * - The node already has the maximum of 10 dev resources.
 * - Another dev resource for the node has the same url.
 *
 * POST /v1/dev_resources
 */
export declare function postDevResources<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: PostDevResourcesArgs): Promise<SdkOutcome<ThrowOnError, PostDevResourcesResult>>;
export type DeleteDevResourceArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/files/{file_key}/dev_resources/{dev_resource_id}"]["delete"]["parameters"]["path"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type DeleteDevResourceResult = SdkSuccess<200, undefined> | SdkFailure<401, paths["/v1/files/{file_key}/dev_resources/{dev_resource_id}"]["delete"]["responses"][401]["content"]["application/json"]> | SdkFailure<403, paths["/v1/files/{file_key}/dev_resources/{dev_resource_id}"]["delete"]["responses"][403]["content"]["application/json"]> | SdkFailure<404, paths["/v1/files/{file_key}/dev_resources/{dev_resource_id}"]["delete"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/files/{file_key}/dev_resources/{dev_resource_id}"]["delete"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/files/{file_key}/dev_resources/{dev_resource_id}"]["delete"]["responses"][500]["content"]["application/json"]>;
export type DeleteDevResourceData = Extract<DeleteDevResourceResult, {
    ok: true;
}>["data"];
export type DeleteDevResourceError = Extract<DeleteDevResourceResult, {
    ok: false;
}>["error"];
/**
 * Delete dev resource
 *
 * Delete a dev resource from a file
 *
 * DELETE /v1/files/{file_key}/dev_resources/{dev_resource_id}
 */
export declare function deleteDevResource<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: DeleteDevResourceArgs): Promise<SdkOutcome<ThrowOnError, DeleteDevResourceResult>>;
export type GetLibraryAnalyticsComponentActionsArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/analytics/libraries/{file_key}/component/actions"]["get"]["parameters"]["path"]>;
    query: NonNullable<paths["/v1/analytics/libraries/{file_key}/component/actions"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetLibraryAnalyticsComponentActionsResult = SdkSuccess<200, paths["/v1/analytics/libraries/{file_key}/component/actions"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/analytics/libraries/{file_key}/component/actions"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<401, paths["/v1/analytics/libraries/{file_key}/component/actions"]["get"]["responses"][401]["content"]["application/json"]> | SdkFailure<403, paths["/v1/analytics/libraries/{file_key}/component/actions"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<429, paths["/v1/analytics/libraries/{file_key}/component/actions"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/analytics/libraries/{file_key}/component/actions"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetLibraryAnalyticsComponentActionsData = Extract<GetLibraryAnalyticsComponentActionsResult, {
    ok: true;
}>["data"];
export type GetLibraryAnalyticsComponentActionsError = Extract<GetLibraryAnalyticsComponentActionsResult, {
    ok: false;
}>["error"];
/**
 * Get library analytics component action data.
 *
 * Returns a list of library analytics component actions data broken down by the requested dimension.
 *
 * GET /v1/analytics/libraries/{file_key}/component/actions
 */
export declare function getLibraryAnalyticsComponentActions<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetLibraryAnalyticsComponentActionsArgs): Promise<SdkOutcome<ThrowOnError, GetLibraryAnalyticsComponentActionsResult>>;
export type GetLibraryAnalyticsComponentUsagesArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/analytics/libraries/{file_key}/component/usages"]["get"]["parameters"]["path"]>;
    query: NonNullable<paths["/v1/analytics/libraries/{file_key}/component/usages"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetLibraryAnalyticsComponentUsagesResult = SdkSuccess<200, paths["/v1/analytics/libraries/{file_key}/component/usages"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/analytics/libraries/{file_key}/component/usages"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<401, paths["/v1/analytics/libraries/{file_key}/component/usages"]["get"]["responses"][401]["content"]["application/json"]> | SdkFailure<403, paths["/v1/analytics/libraries/{file_key}/component/usages"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<429, paths["/v1/analytics/libraries/{file_key}/component/usages"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/analytics/libraries/{file_key}/component/usages"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetLibraryAnalyticsComponentUsagesData = Extract<GetLibraryAnalyticsComponentUsagesResult, {
    ok: true;
}>["data"];
export type GetLibraryAnalyticsComponentUsagesError = Extract<GetLibraryAnalyticsComponentUsagesResult, {
    ok: false;
}>["error"];
/**
 * Get library analytics component usage data.
 *
 * Returns a list of library analytics component usage data broken down by the requested dimension.
 *
 * GET /v1/analytics/libraries/{file_key}/component/usages
 */
export declare function getLibraryAnalyticsComponentUsages<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetLibraryAnalyticsComponentUsagesArgs): Promise<SdkOutcome<ThrowOnError, GetLibraryAnalyticsComponentUsagesResult>>;
export type GetLibraryAnalyticsStyleActionsArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/analytics/libraries/{file_key}/style/actions"]["get"]["parameters"]["path"]>;
    query: NonNullable<paths["/v1/analytics/libraries/{file_key}/style/actions"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetLibraryAnalyticsStyleActionsResult = SdkSuccess<200, paths["/v1/analytics/libraries/{file_key}/style/actions"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/analytics/libraries/{file_key}/style/actions"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<401, paths["/v1/analytics/libraries/{file_key}/style/actions"]["get"]["responses"][401]["content"]["application/json"]> | SdkFailure<403, paths["/v1/analytics/libraries/{file_key}/style/actions"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<429, paths["/v1/analytics/libraries/{file_key}/style/actions"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/analytics/libraries/{file_key}/style/actions"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetLibraryAnalyticsStyleActionsData = Extract<GetLibraryAnalyticsStyleActionsResult, {
    ok: true;
}>["data"];
export type GetLibraryAnalyticsStyleActionsError = Extract<GetLibraryAnalyticsStyleActionsResult, {
    ok: false;
}>["error"];
/**
 * Get library analytics style action data.
 *
 * Returns a list of library analytics style actions data broken down by the requested dimension.
 *
 * GET /v1/analytics/libraries/{file_key}/style/actions
 */
export declare function getLibraryAnalyticsStyleActions<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetLibraryAnalyticsStyleActionsArgs): Promise<SdkOutcome<ThrowOnError, GetLibraryAnalyticsStyleActionsResult>>;
export type GetLibraryAnalyticsStyleUsagesArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/analytics/libraries/{file_key}/style/usages"]["get"]["parameters"]["path"]>;
    query: NonNullable<paths["/v1/analytics/libraries/{file_key}/style/usages"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetLibraryAnalyticsStyleUsagesResult = SdkSuccess<200, paths["/v1/analytics/libraries/{file_key}/style/usages"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/analytics/libraries/{file_key}/style/usages"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<401, paths["/v1/analytics/libraries/{file_key}/style/usages"]["get"]["responses"][401]["content"]["application/json"]> | SdkFailure<403, paths["/v1/analytics/libraries/{file_key}/style/usages"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<429, paths["/v1/analytics/libraries/{file_key}/style/usages"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/analytics/libraries/{file_key}/style/usages"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetLibraryAnalyticsStyleUsagesData = Extract<GetLibraryAnalyticsStyleUsagesResult, {
    ok: true;
}>["data"];
export type GetLibraryAnalyticsStyleUsagesError = Extract<GetLibraryAnalyticsStyleUsagesResult, {
    ok: false;
}>["error"];
/**
 * Get library analytics style usage data.
 *
 * Returns a list of library analytics style usage data broken down by the requested dimension.
 *
 * GET /v1/analytics/libraries/{file_key}/style/usages
 */
export declare function getLibraryAnalyticsStyleUsages<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetLibraryAnalyticsStyleUsagesArgs): Promise<SdkOutcome<ThrowOnError, GetLibraryAnalyticsStyleUsagesResult>>;
export type GetLibraryAnalyticsVariableActionsArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/analytics/libraries/{file_key}/variable/actions"]["get"]["parameters"]["path"]>;
    query: NonNullable<paths["/v1/analytics/libraries/{file_key}/variable/actions"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetLibraryAnalyticsVariableActionsResult = SdkSuccess<200, paths["/v1/analytics/libraries/{file_key}/variable/actions"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/analytics/libraries/{file_key}/variable/actions"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<401, paths["/v1/analytics/libraries/{file_key}/variable/actions"]["get"]["responses"][401]["content"]["application/json"]> | SdkFailure<403, paths["/v1/analytics/libraries/{file_key}/variable/actions"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<429, paths["/v1/analytics/libraries/{file_key}/variable/actions"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/analytics/libraries/{file_key}/variable/actions"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetLibraryAnalyticsVariableActionsData = Extract<GetLibraryAnalyticsVariableActionsResult, {
    ok: true;
}>["data"];
export type GetLibraryAnalyticsVariableActionsError = Extract<GetLibraryAnalyticsVariableActionsResult, {
    ok: false;
}>["error"];
/**
 * Get library analytics variable action data.
 *
 * Returns a list of library analytics variable actions data broken down by the requested dimension.
 *
 * GET /v1/analytics/libraries/{file_key}/variable/actions
 */
export declare function getLibraryAnalyticsVariableActions<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetLibraryAnalyticsVariableActionsArgs): Promise<SdkOutcome<ThrowOnError, GetLibraryAnalyticsVariableActionsResult>>;
export type GetLibraryAnalyticsVariableUsagesArgs = SdkCallOptions & {
    path: NonNullable<paths["/v1/analytics/libraries/{file_key}/variable/usages"]["get"]["parameters"]["path"]>;
    query: NonNullable<paths["/v1/analytics/libraries/{file_key}/variable/usages"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetLibraryAnalyticsVariableUsagesResult = SdkSuccess<200, paths["/v1/analytics/libraries/{file_key}/variable/usages"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/analytics/libraries/{file_key}/variable/usages"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<401, paths["/v1/analytics/libraries/{file_key}/variable/usages"]["get"]["responses"][401]["content"]["application/json"]> | SdkFailure<403, paths["/v1/analytics/libraries/{file_key}/variable/usages"]["get"]["responses"][403]["content"]["application/json"]> | SdkFailure<429, paths["/v1/analytics/libraries/{file_key}/variable/usages"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<500, paths["/v1/analytics/libraries/{file_key}/variable/usages"]["get"]["responses"][500]["content"]["application/json"]>;
export type GetLibraryAnalyticsVariableUsagesData = Extract<GetLibraryAnalyticsVariableUsagesResult, {
    ok: true;
}>["data"];
export type GetLibraryAnalyticsVariableUsagesError = Extract<GetLibraryAnalyticsVariableUsagesResult, {
    ok: false;
}>["error"];
/**
 * Get library analytics variable usage data.
 *
 * Returns a list of library analytics variable usage data broken down by the requested dimension.
 *
 * GET /v1/analytics/libraries/{file_key}/variable/usages
 */
export declare function getLibraryAnalyticsVariableUsages<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetLibraryAnalyticsVariableUsagesArgs): Promise<SdkOutcome<ThrowOnError, GetLibraryAnalyticsVariableUsagesResult>>;
export type GetOEmbedArgs = SdkCallOptions & {
    query: NonNullable<paths["/v1/oembed"]["get"]["parameters"]["query"]>;
};
/** Every answer the contract declares, discriminated by `ok` and `status`. */
export type GetOEmbedResult = SdkSuccess<200, paths["/v1/oembed"]["get"]["responses"][200]["content"]["application/json"]> | SdkFailure<400, paths["/v1/oembed"]["get"]["responses"][400]["content"]["application/json"]> | SdkFailure<404, paths["/v1/oembed"]["get"]["responses"][404]["content"]["application/json"]> | SdkFailure<429, paths["/v1/oembed"]["get"]["responses"][429]["content"]["application/json"]> | SdkFailure<501, paths["/v1/oembed"]["get"]["responses"][501]["content"]["application/json"]>;
export type GetOEmbedData = Extract<GetOEmbedResult, {
    ok: true;
}>["data"];
export type GetOEmbedError = Extract<GetOEmbedResult, {
    ok: false;
}>["error"];
/**
 * Get oEmbed data
 *
 * Returns oEmbed data for a Figma file or published Make site URL, following the [oEmbed specification](https://oembed.com/).
 *
 * GET /v1/oembed
 */
export declare function getOEmbed<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>, args: GetOEmbedArgs): Promise<SdkOutcome<ThrowOnError, GetOEmbedResult>>;
/** Every operation bound to one client (what createApi returns). */
export type Api<ThrowOnError extends boolean = false> = {
    getFile: (args: GetFileArgs) => Promise<SdkOutcome<ThrowOnError, GetFileResult>>;
    getFileNodes: (args: GetFileNodesArgs) => Promise<SdkOutcome<ThrowOnError, GetFileNodesResult>>;
    getImages: (args: GetImagesArgs) => Promise<SdkOutcome<ThrowOnError, GetImagesResult>>;
    getImageFills: (args: GetImageFillsArgs) => Promise<SdkOutcome<ThrowOnError, GetImageFillsResult>>;
    getFileMeta: (args: GetFileMetaArgs) => Promise<SdkOutcome<ThrowOnError, GetFileMetaResult>>;
    getTeamProjects: (args: GetTeamProjectsArgs) => Promise<SdkOutcome<ThrowOnError, GetTeamProjectsResult>>;
    getProjectMeta: (args: GetProjectMetaArgs) => Promise<SdkOutcome<ThrowOnError, GetProjectMetaResult>>;
    getProjectFiles: (args: GetProjectFilesArgs) => Promise<SdkOutcome<ThrowOnError, GetProjectFilesResult>>;
    getTeamFolders: (args: GetTeamFoldersArgs) => Promise<SdkOutcome<ThrowOnError, GetTeamFoldersResult>>;
    getFolderFolders: (args: GetFolderFoldersArgs) => Promise<SdkOutcome<ThrowOnError, GetFolderFoldersResult>>;
    getFolderFiles: (args: GetFolderFilesArgs) => Promise<SdkOutcome<ThrowOnError, GetFolderFilesResult>>;
    getFolderMeta: (args: GetFolderMetaArgs) => Promise<SdkOutcome<ThrowOnError, GetFolderMetaResult>>;
    getFileVersions: (args: GetFileVersionsArgs) => Promise<SdkOutcome<ThrowOnError, GetFileVersionsResult>>;
    getComments: (args: GetCommentsArgs) => Promise<SdkOutcome<ThrowOnError, GetCommentsResult>>;
    postComment: (args: PostCommentArgs) => Promise<SdkOutcome<ThrowOnError, PostCommentResult>>;
    deleteComment: (args: DeleteCommentArgs) => Promise<SdkOutcome<ThrowOnError, DeleteCommentResult>>;
    getCommentReactions: (args: GetCommentReactionsArgs) => Promise<SdkOutcome<ThrowOnError, GetCommentReactionsResult>>;
    postCommentReaction: (args: PostCommentReactionArgs) => Promise<SdkOutcome<ThrowOnError, PostCommentReactionResult>>;
    deleteCommentReaction: (args: DeleteCommentReactionArgs) => Promise<SdkOutcome<ThrowOnError, DeleteCommentReactionResult>>;
    getMe: (args?: GetMeArgs) => Promise<SdkOutcome<ThrowOnError, GetMeResult>>;
    getTeamComponents: (args: GetTeamComponentsArgs) => Promise<SdkOutcome<ThrowOnError, GetTeamComponentsResult>>;
    getFileComponents: (args: GetFileComponentsArgs) => Promise<SdkOutcome<ThrowOnError, GetFileComponentsResult>>;
    getComponent: (args: GetComponentArgs) => Promise<SdkOutcome<ThrowOnError, GetComponentResult>>;
    getTeamComponentSets: (args: GetTeamComponentSetsArgs) => Promise<SdkOutcome<ThrowOnError, GetTeamComponentSetsResult>>;
    getFileComponentSets: (args: GetFileComponentSetsArgs) => Promise<SdkOutcome<ThrowOnError, GetFileComponentSetsResult>>;
    getComponentSet: (args: GetComponentSetArgs) => Promise<SdkOutcome<ThrowOnError, GetComponentSetResult>>;
    getTeamStyles: (args: GetTeamStylesArgs) => Promise<SdkOutcome<ThrowOnError, GetTeamStylesResult>>;
    getFileStyles: (args: GetFileStylesArgs) => Promise<SdkOutcome<ThrowOnError, GetFileStylesResult>>;
    getStyle: (args: GetStyleArgs) => Promise<SdkOutcome<ThrowOnError, GetStyleResult>>;
    getWebhooks: (args?: GetWebhooksArgs) => Promise<SdkOutcome<ThrowOnError, GetWebhooksResult>>;
    postWebhook: (args: PostWebhookArgs) => Promise<SdkOutcome<ThrowOnError, PostWebhookResult>>;
    getWebhook: (args: GetWebhookArgs) => Promise<SdkOutcome<ThrowOnError, GetWebhookResult>>;
    putWebhook: (args: PutWebhookArgs) => Promise<SdkOutcome<ThrowOnError, PutWebhookResult>>;
    deleteWebhook: (args: DeleteWebhookArgs) => Promise<SdkOutcome<ThrowOnError, DeleteWebhookResult>>;
    getTeamWebhooks: (args: GetTeamWebhooksArgs) => Promise<SdkOutcome<ThrowOnError, GetTeamWebhooksResult>>;
    getWebhookRequests: (args: GetWebhookRequestsArgs) => Promise<SdkOutcome<ThrowOnError, GetWebhookRequestsResult>>;
    getActivityLogs: (args?: GetActivityLogsArgs) => Promise<SdkOutcome<ThrowOnError, GetActivityLogsResult>>;
    getDeveloperLogs: (args?: GetDeveloperLogsArgs) => Promise<SdkOutcome<ThrowOnError, GetDeveloperLogsResult>>;
    getAiUsageDaily: (args: GetAiUsageDailyArgs) => Promise<SdkOutcome<ThrowOnError, GetAiUsageDailyResult>>;
    getPayments: (args?: GetPaymentsArgs) => Promise<SdkOutcome<ThrowOnError, GetPaymentsResult>>;
    getLocalVariables: (args: GetLocalVariablesArgs) => Promise<SdkOutcome<ThrowOnError, GetLocalVariablesResult>>;
    getPublishedVariables: (args: GetPublishedVariablesArgs) => Promise<SdkOutcome<ThrowOnError, GetPublishedVariablesResult>>;
    postVariables: (args: PostVariablesArgs) => Promise<SdkOutcome<ThrowOnError, PostVariablesResult>>;
    getDevResources: (args: GetDevResourcesArgs) => Promise<SdkOutcome<ThrowOnError, GetDevResourcesResult>>;
    putDevResources: (args: PutDevResourcesArgs) => Promise<SdkOutcome<ThrowOnError, PutDevResourcesResult>>;
    postDevResources: (args: PostDevResourcesArgs) => Promise<SdkOutcome<ThrowOnError, PostDevResourcesResult>>;
    deleteDevResource: (args: DeleteDevResourceArgs) => Promise<SdkOutcome<ThrowOnError, DeleteDevResourceResult>>;
    getLibraryAnalyticsComponentActions: (args: GetLibraryAnalyticsComponentActionsArgs) => Promise<SdkOutcome<ThrowOnError, GetLibraryAnalyticsComponentActionsResult>>;
    getLibraryAnalyticsComponentUsages: (args: GetLibraryAnalyticsComponentUsagesArgs) => Promise<SdkOutcome<ThrowOnError, GetLibraryAnalyticsComponentUsagesResult>>;
    getLibraryAnalyticsStyleActions: (args: GetLibraryAnalyticsStyleActionsArgs) => Promise<SdkOutcome<ThrowOnError, GetLibraryAnalyticsStyleActionsResult>>;
    getLibraryAnalyticsStyleUsages: (args: GetLibraryAnalyticsStyleUsagesArgs) => Promise<SdkOutcome<ThrowOnError, GetLibraryAnalyticsStyleUsagesResult>>;
    getLibraryAnalyticsVariableActions: (args: GetLibraryAnalyticsVariableActionsArgs) => Promise<SdkOutcome<ThrowOnError, GetLibraryAnalyticsVariableActionsResult>>;
    getLibraryAnalyticsVariableUsages: (args: GetLibraryAnalyticsVariableUsagesArgs) => Promise<SdkOutcome<ThrowOnError, GetLibraryAnalyticsVariableUsagesResult>>;
    getOEmbed: (args: GetOEmbedArgs) => Promise<SdkOutcome<ThrowOnError, GetOEmbedResult>>;
};
/**
 * Every operation bound to one client: `api.listPets({ query })`. A bundle that uses it keeps every
 * operation; import the functions themselves to keep only those called.
 */
export declare function createApi<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>): Api<ThrowOnError>;
