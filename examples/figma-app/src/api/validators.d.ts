import { type StandardValidator } from "@specforge/runtime/validators";
/** The validators of each named schema. */
export type SchemaValidators = {
    readonly IsLayerTrait: StandardValidator;
    readonly HasChildrenTrait: StandardValidator;
    readonly HasLayoutTrait: StandardValidator;
    readonly HasFramePropertiesTrait: StandardValidator;
    readonly HasBlendModeAndOpacityTrait: StandardValidator;
    readonly HasExportSettingsTrait: StandardValidator;
    readonly HasGeometryTrait: StandardValidator;
    readonly MinimalFillsTrait: StandardValidator;
    readonly MinimalStrokesTrait: StandardValidator;
    readonly IndividualStrokesTrait: StandardValidator;
    readonly VariableWidthStrokesTrait: StandardValidator;
    readonly ComplexStrokesTrait: StandardValidator;
    readonly CornerTrait: StandardValidator;
    readonly HasEffectsTrait: StandardValidator;
    readonly HasMaskTrait: StandardValidator;
    readonly ComponentPropertiesTrait: StandardValidator;
    readonly TypePropertiesTrait: StandardValidator;
    readonly TextPathPropertiesTrait: StandardValidator;
    readonly HasTextSublayerTrait: StandardValidator;
    readonly TransitionSourceTrait: StandardValidator;
    readonly DevStatusTrait: StandardValidator;
    readonly AnnotationsTrait: StandardValidator;
    readonly TransformModifiersTrait: StandardValidator;
    readonly FrameTraits: StandardValidator;
    readonly DefaultShapeTraits: StandardValidator;
    readonly CornerRadiusShapeTraits: StandardValidator;
    readonly RectangularShapeTraits: StandardValidator;
    readonly Node: StandardValidator;
    readonly DocumentNode: StandardValidator;
    readonly CanvasNode: StandardValidator;
    readonly SubcanvasNode: StandardValidator;
    readonly BooleanOperationNode: StandardValidator;
    readonly SectionNode: StandardValidator;
    readonly FrameNode: StandardValidator;
    readonly GroupNode: StandardValidator;
    readonly ComponentNode: StandardValidator;
    readonly ComponentSetNode: StandardValidator;
    readonly VectorNode: StandardValidator;
    readonly StarNode: StandardValidator;
    readonly LineNode: StandardValidator;
    readonly EllipseNode: StandardValidator;
    readonly RegularPolygonNode: StandardValidator;
    readonly RectangleNode: StandardValidator;
    readonly TextNode: StandardValidator;
    readonly TextPathNode: StandardValidator;
    readonly TableNode: StandardValidator;
    readonly TableCellNode: StandardValidator;
    readonly TransformGroupNode: StandardValidator;
    readonly SliceNode: StandardValidator;
    readonly InstanceNode: StandardValidator;
    readonly EmbedNode: StandardValidator;
    readonly LinkUnfurlNode: StandardValidator;
    readonly StickyNode: StandardValidator;
    readonly ShapeWithTextNode: StandardValidator;
    readonly ConnectorNode: StandardValidator;
    readonly WashiTapeNode: StandardValidator;
    readonly WidgetNode: StandardValidator;
    readonly RGB: StandardValidator;
    readonly RGBA: StandardValidator;
    readonly FlowStartingPoint: StandardValidator;
    readonly Size: StandardValidator;
    readonly PrototypeDevice: StandardValidator;
    readonly Constraint: StandardValidator;
    readonly ExportSetting: StandardValidator;
    readonly BlendMode: StandardValidator;
    readonly Vector: StandardValidator;
    readonly ColorStop: StandardValidator;
    readonly Transform: StandardValidator;
    readonly ImageFilters: StandardValidator;
    readonly BasePaint: StandardValidator;
    readonly SolidPaint: StandardValidator;
    readonly GradientPaint: StandardValidator;
    readonly ImagePaint: StandardValidator;
    readonly PatternPaint: StandardValidator;
    readonly Paint: StandardValidator;
    readonly LayoutConstraint: StandardValidator;
    readonly Rectangle: StandardValidator;
    readonly LayoutGrid: StandardValidator;
    readonly BaseShadowEffect: StandardValidator;
    readonly DropShadowEffect: StandardValidator;
    readonly InnerShadowEffect: StandardValidator;
    readonly BlurEffect: StandardValidator;
    readonly BaseBlurEffect: StandardValidator;
    readonly NormalBlurEffect: StandardValidator;
    readonly ProgressiveBlurEffect: StandardValidator;
    readonly TextureEffect: StandardValidator;
    readonly MonotoneNoiseEffect: StandardValidator;
    readonly MultitoneNoiseEffect: StandardValidator;
    readonly DuotoneNoiseEffect: StandardValidator;
    readonly BaseNoiseEffect: StandardValidator;
    readonly NoiseEffect: StandardValidator;
    readonly Effect: StandardValidator;
    readonly Style: StandardValidator;
    readonly EasingType: StandardValidator;
    readonly StrokeWeights: StandardValidator;
    readonly PaintOverride: StandardValidator;
    readonly Path: StandardValidator;
    readonly ArcData: StandardValidator;
    readonly Hyperlink: StandardValidator;
    readonly BaseTypeStyle: StandardValidator;
    readonly TypeStyle: StandardValidator;
    readonly TextPathTypeStyle: StandardValidator;
    readonly ComponentPropertyType: StandardValidator;
    readonly InstanceSwapPreferredValue: StandardValidator;
    readonly ComponentPropertyDefinition: StandardValidator;
    readonly ComponentProperty: StandardValidator;
    readonly Overrides: StandardValidator;
    readonly ShapeType: StandardValidator;
    readonly ConnectorEndpoint: StandardValidator;
    readonly ConnectorLineType: StandardValidator;
    readonly ConnectorTextBackground: StandardValidator;
    readonly Component: StandardValidator;
    readonly ComponentSet: StandardValidator;
    readonly DocumentationLink: StandardValidator;
    readonly VariableAlias: StandardValidator;
    readonly Interaction: StandardValidator;
    readonly Trigger: StandardValidator;
    readonly AfterTimeoutTrigger: StandardValidator;
    readonly OnKeyDownTrigger: StandardValidator;
    readonly OnMediaHitTrigger: StandardValidator;
    readonly Action: StandardValidator;
    readonly OpenURLAction: StandardValidator;
    readonly UpdateMediaRuntimeAction: StandardValidator;
    readonly NodeAction: StandardValidator;
    readonly Navigation: StandardValidator;
    readonly Transition: StandardValidator;
    readonly SimpleTransition: StandardValidator;
    readonly DirectionalTransition: StandardValidator;
    readonly Easing: StandardValidator;
    readonly SetVariableAction: StandardValidator;
    readonly SetVariableModeAction: StandardValidator;
    readonly ConditionalAction: StandardValidator;
    readonly VariableData: StandardValidator;
    readonly VariableDataType: StandardValidator;
    readonly VariableResolvedDataType: StandardValidator;
    readonly Expression: StandardValidator;
    readonly ExpressionFunction: StandardValidator;
    readonly ConditionalBlock: StandardValidator;
    readonly Measurement: StandardValidator;
    readonly MeasurementStartEnd: StandardValidator;
    readonly MeasurementOffsetInner: StandardValidator;
    readonly MeasurementOffsetOuter: StandardValidator;
    readonly FrameOffset: StandardValidator;
    readonly Region: StandardValidator;
    readonly FrameOffsetRegion: StandardValidator;
    readonly Comment: StandardValidator;
    readonly Reaction: StandardValidator;
    readonly Emoji: StandardValidator;
    readonly User: StandardValidator;
    readonly FrameInfo: StandardValidator;
    readonly PublishedComponent: StandardValidator;
    readonly PublishedComponentSet: StandardValidator;
    readonly StyleType: StandardValidator;
    readonly PublishedStyle: StandardValidator;
    readonly Project: StandardValidator;
    readonly Version: StandardValidator;
    readonly Folder: StandardValidator;
    readonly WebhookV2: StandardValidator;
    readonly WebhookV2Event: StandardValidator;
    readonly WebhookV2Status: StandardValidator;
    readonly WebhookV2Request: StandardValidator;
    readonly WebhookV2RequestInfo: StandardValidator;
    readonly WebhookV2ResponseInfo: StandardValidator;
    readonly LibraryItemData: StandardValidator;
    readonly CommentFragment: StandardValidator;
    readonly WebhookBasePayload: StandardValidator;
    readonly WebhookPingPayload: StandardValidator;
    readonly WebhookFileUpdatePayload: StandardValidator;
    readonly WebhookFileDeletePayload: StandardValidator;
    readonly WebhookFileVersionUpdatePayload: StandardValidator;
    readonly WebhookLibraryPublishPayload: StandardValidator;
    readonly WebhookFileCommentPayload: StandardValidator;
    readonly WebhookDevModeStatusUpdatePayload: StandardValidator;
    readonly ActivityLogUserEntity: StandardValidator;
    readonly ActivityLogFileEntity: StandardValidator;
    readonly ActivityLogFileRepoEntity: StandardValidator;
    readonly ActivityLogProjectEntity: StandardValidator;
    readonly ActivityLogTeamEntity: StandardValidator;
    readonly ActivityLogWorkspaceEntity: StandardValidator;
    readonly ActivityLogOrgEntity: StandardValidator;
    readonly ActivityLogPluginEntity: StandardValidator;
    readonly ActivityLogWidgetEntity: StandardValidator;
    readonly ActivityLog: StandardValidator;
    readonly DeveloperLogAction: StandardValidator;
    readonly DeveloperLogActor: StandardValidator;
    readonly DeveloperLogResource: StandardValidator;
    readonly DeveloperLogContext: StandardValidator;
    readonly DeveloperLog: StandardValidator;
    readonly AiUsageDailyRow: StandardValidator;
    readonly PaymentStatus: StandardValidator;
    readonly PaymentInformation: StandardValidator;
    readonly VariableScope: StandardValidator;
    readonly VariableCodeSyntax: StandardValidator;
    readonly LocalVariableCollection: StandardValidator;
    readonly LocalVariable: StandardValidator;
    readonly PublishedVariableCollection: StandardValidator;
    readonly PublishedVariable: StandardValidator;
    readonly VariableCollectionCreate: StandardValidator;
    readonly VariableCollectionUpdate: StandardValidator;
    readonly VariableCollectionDelete: StandardValidator;
    readonly VariableCollectionChange: StandardValidator;
    readonly VariableModeCreate: StandardValidator;
    readonly VariableModeUpdate: StandardValidator;
    readonly VariableModeDelete: StandardValidator;
    readonly VariableModeChange: StandardValidator;
    readonly VariableCreate: StandardValidator;
    readonly VariableUpdate: StandardValidator;
    readonly VariableDelete: StandardValidator;
    readonly VariableChange: StandardValidator;
    readonly VariableModeValue: StandardValidator;
    readonly VariableValue: StandardValidator;
    readonly VariableComposedColor: StandardValidator;
    readonly DevResource: StandardValidator;
    readonly LibraryAnalyticsComponentActionsByAsset: StandardValidator;
    readonly LibraryAnalyticsComponentActionsByTeam: StandardValidator;
    readonly LibraryAnalyticsComponentUsagesByAsset: StandardValidator;
    readonly LibraryAnalyticsComponentUsagesByFile: StandardValidator;
    readonly LibraryAnalyticsStyleActionsByAsset: StandardValidator;
    readonly LibraryAnalyticsStyleActionsByTeam: StandardValidator;
    readonly LibraryAnalyticsStyleUsagesByAsset: StandardValidator;
    readonly LibraryAnalyticsStyleUsagesByFile: StandardValidator;
    readonly LibraryAnalyticsVariableActionsByAsset: StandardValidator;
    readonly LibraryAnalyticsVariableActionsByTeam: StandardValidator;
    readonly LibraryAnalyticsVariableUsagesByAsset: StandardValidator;
    readonly LibraryAnalyticsVariableUsagesByFile: StandardValidator;
    readonly ResponsePagination: StandardValidator;
    readonly ResponseCursor: StandardValidator;
    readonly ErrorResponsePayloadWithErrMessage: StandardValidator;
    readonly ErrorResponsePayloadWithErrorBoolean: StandardValidator;
    readonly LinkAccess: StandardValidator;
    readonly Role: StandardValidator;
};
/** The validators of each operation. */
export type OperationValidators = {
    readonly getFile: {
        readonly path: StandardValidator;
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getFileNodes: {
        readonly path: StandardValidator;
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getImages: {
        readonly path: StandardValidator;
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getImageFills: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getFileMeta: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getTeamProjects: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getProjectMeta: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getProjectFiles: {
        readonly path: StandardValidator;
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getTeamFolders: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getFolderFolders: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getFolderFiles: {
        readonly path: StandardValidator;
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getFolderMeta: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getFileVersions: {
        readonly path: StandardValidator;
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getComments: {
        readonly path: StandardValidator;
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly postComment: {
        readonly path: StandardValidator;
        readonly body: {
            readonly "application/json": StandardValidator;
        };
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly deleteComment: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getCommentReactions: {
        readonly path: StandardValidator;
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly postCommentReaction: {
        readonly path: StandardValidator;
        readonly body: {
            readonly "application/json": StandardValidator;
        };
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly deleteCommentReaction: {
        readonly path: StandardValidator;
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getMe: {
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getTeamComponents: {
        readonly path: StandardValidator;
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getFileComponents: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getComponent: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getTeamComponentSets: {
        readonly path: StandardValidator;
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getFileComponentSets: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getComponentSet: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getTeamStyles: {
        readonly path: StandardValidator;
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getFileStyles: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getStyle: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getWebhooks: {
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly postWebhook: {
        readonly body: {
            readonly "application/json": StandardValidator;
        };
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getWebhook: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly putWebhook: {
        readonly path: StandardValidator;
        readonly body: {
            readonly "application/json": StandardValidator;
        };
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly deleteWebhook: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getTeamWebhooks: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getWebhookRequests: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getActivityLogs: {
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "401": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getDeveloperLogs: {
        readonly body: {
            readonly "application/json": StandardValidator;
        };
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "401": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getAiUsageDaily: {
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "401": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getPayments: {
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "401": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getLocalVariables: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "401": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getPublishedVariables: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "401": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly postVariables: {
        readonly path: StandardValidator;
        readonly body: {
            readonly "application/json": StandardValidator;
        };
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "401": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getDevResources: {
        readonly path: StandardValidator;
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "401": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly putDevResources: {
        readonly body: {
            readonly "application/json": StandardValidator;
        };
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "401": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly postDevResources: {
        readonly body: {
            readonly "application/json": StandardValidator;
        };
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "401": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly deleteDevResource: {
        readonly path: StandardValidator;
        readonly responses: {
            readonly "401": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getLibraryAnalyticsComponentActions: {
        readonly path: StandardValidator;
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "401": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getLibraryAnalyticsComponentUsages: {
        readonly path: StandardValidator;
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "401": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getLibraryAnalyticsStyleActions: {
        readonly path: StandardValidator;
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "401": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getLibraryAnalyticsStyleUsages: {
        readonly path: StandardValidator;
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "401": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getLibraryAnalyticsVariableActions: {
        readonly path: StandardValidator;
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "401": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getLibraryAnalyticsVariableUsages: {
        readonly path: StandardValidator;
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "401": {
                readonly "application/json": StandardValidator;
            };
            readonly "403": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "500": {
                readonly "application/json": StandardValidator;
            };
        };
    };
    readonly getOEmbed: {
        readonly query: StandardValidator;
        readonly responses: {
            readonly "200": {
                readonly "application/json": StandardValidator;
            };
            readonly "400": {
                readonly "application/json": StandardValidator;
            };
            readonly "404": {
                readonly "application/json": StandardValidator;
            };
            readonly "429": {
                readonly "application/json": StandardValidator;
            };
            readonly "501": {
                readonly "application/json": StandardValidator;
            };
        };
    };
};
export type ErrorBodyValidator = undefined;
/** Validators for each named schema of the contract, keyed by component schema name. */
export declare const schemaValidators: SchemaValidators;
/** Validators for each operation: parameters by location, request bodies and responses by status and media type. */
export declare const operationValidators: OperationValidators;
/** Validator of the interface's error body. */
export declare const errorBodyValidator: ErrorBodyValidator;
