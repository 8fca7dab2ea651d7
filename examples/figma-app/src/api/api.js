/** Routes, parameters, bodies, responses and security of Figma API 0.43.0. */
export const api = JSON.parse(`{
  "api": "openapi",
  "title": "Figma API",
  "version": "0.43.0",
  "operations": [
    {
      "id": "getFile",
      "method": "GET",
      "path": "/v1/files/{file_key}",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "version",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "ids",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "depth",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "number"
          }
        },
        {
          "name": "geometry",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "plugin_data",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "branch_data",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "boolean"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "file_content:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getFileNodes",
      "method": "GET",
      "path": "/v1/files/{file_key}/nodes",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "ids",
          "in": "query",
          "required": true,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "version",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "depth",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "number"
          }
        },
        {
          "name": "geometry",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "plugin_data",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "file_content:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getImages",
      "method": "GET",
      "path": "/v1/images/{file_key}",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "ids",
          "in": "query",
          "required": true,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "version",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "scale",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "number"
          }
        },
        {
          "name": "format",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "svg_outline_text",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "boolean"
          }
        },
        {
          "name": "svg_include_id",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "boolean"
          }
        },
        {
          "name": "svg_include_node_id",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "boolean"
          }
        },
        {
          "name": "svg_simplify_stroke",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "boolean"
          }
        },
        {
          "name": "contents_only",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "boolean"
          }
        },
        {
          "name": "use_absolute_bounds",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "boolean"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "file_content:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getImageFills",
      "method": "GET",
      "path": "/v1/files/{file_key}/images",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "file_content:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getFileMeta",
      "method": "GET",
      "path": "/v1/files/{file_key}/meta",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "file_metadata:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getTeamProjects",
      "method": "GET",
      "path": "/v1/teams/{team_id}/projects",
      "parameters": [
        {
          "name": "team_id",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "projects:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getProjectMeta",
      "method": "GET",
      "path": "/v1/projects/{project_id}/meta",
      "parameters": [
        {
          "name": "project_id",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "project_metadata:read"
          ]
        }
      ],
      "errors": {
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getProjectFiles",
      "method": "GET",
      "path": "/v1/projects/{project_id}/files",
      "parameters": [
        {
          "name": "project_id",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "branch_data",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "boolean"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "projects:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getTeamFolders",
      "method": "GET",
      "path": "/v2/teams/{team_id}/folders",
      "parameters": [
        {
          "name": "team_id",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "folders:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getFolderFolders",
      "method": "GET",
      "path": "/v2/folders/{folder_id}/folders",
      "parameters": [
        {
          "name": "folder_id",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "folders:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getFolderFiles",
      "method": "GET",
      "path": "/v2/folders/{folder_id}/files",
      "parameters": [
        {
          "name": "folder_id",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "branch_data",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "boolean"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "folders:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getFolderMeta",
      "method": "GET",
      "path": "/v2/folders/{folder_id}/meta",
      "parameters": [
        {
          "name": "folder_id",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "folder_metadata:read"
          ]
        }
      ],
      "errors": {
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getFileVersions",
      "method": "GET",
      "path": "/v1/files/{file_key}/versions",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "page_size",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "number"
          }
        },
        {
          "name": "before",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "number"
          }
        },
        {
          "name": "after",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "number"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "file_versions:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getComments",
      "method": "GET",
      "path": "/v1/files/{file_key}/comments",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "as_md",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "boolean"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "file_comments:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "postComment",
      "method": "POST",
      "path": "/v1/files/{file_key}/comments",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "OAuth2": [
            "file_comments:write"
          ]
        }
      ],
      "body": {
        "required": true,
        "types": [
          "application/json"
        ]
      },
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "deleteComment",
      "method": "DELETE",
      "path": "/v1/files/{file_key}/comments/{comment_id}",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "comment_id",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "OAuth2": [
            "file_comments:write"
          ]
        }
      ],
      "errors": {
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getCommentReactions",
      "method": "GET",
      "path": "/v1/files/{file_key}/comments/{comment_id}/reactions",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "comment_id",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "cursor",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "file_comments:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "postCommentReaction",
      "method": "POST",
      "path": "/v1/files/{file_key}/comments/{comment_id}/reactions",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "comment_id",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "OAuth2": [
            "file_comments:write"
          ]
        }
      ],
      "body": {
        "required": true,
        "types": [
          "application/json"
        ]
      },
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "deleteCommentReaction",
      "method": "DELETE",
      "path": "/v1/files/{file_key}/comments/{comment_id}/reactions",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "comment_id",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "emoji",
          "in": "query",
          "required": true,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "OAuth2": [
            "file_comments:write"
          ]
        }
      ],
      "errors": {
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getMe",
      "method": "GET",
      "path": "/v1/me",
      "parameters": [],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "OAuth2": [
            "current_user:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getTeamComponents",
      "method": "GET",
      "path": "/v1/teams/{team_id}/components",
      "parameters": [
        {
          "name": "team_id",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "page_size",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "number"
          }
        },
        {
          "name": "after",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "number"
          }
        },
        {
          "name": "before",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "number"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "team_library_content:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getFileComponents",
      "method": "GET",
      "path": "/v1/files/{file_key}/components",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "library_content:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getComponent",
      "method": "GET",
      "path": "/v1/components/{key}",
      "parameters": [
        {
          "name": "key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "library_assets:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getTeamComponentSets",
      "method": "GET",
      "path": "/v1/teams/{team_id}/component_sets",
      "parameters": [
        {
          "name": "team_id",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "page_size",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "number"
          }
        },
        {
          "name": "after",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "number"
          }
        },
        {
          "name": "before",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "number"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "team_library_content:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getFileComponentSets",
      "method": "GET",
      "path": "/v1/files/{file_key}/component_sets",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "library_content:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getComponentSet",
      "method": "GET",
      "path": "/v1/component_sets/{key}",
      "parameters": [
        {
          "name": "key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "library_assets:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getTeamStyles",
      "method": "GET",
      "path": "/v1/teams/{team_id}/styles",
      "parameters": [
        {
          "name": "team_id",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "page_size",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "number"
          }
        },
        {
          "name": "after",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "number"
          }
        },
        {
          "name": "before",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "number"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "team_library_content:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getFileStyles",
      "method": "GET",
      "path": "/v1/files/{file_key}/styles",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "library_content:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getStyle",
      "method": "GET",
      "path": "/v1/styles/{key}",
      "parameters": [
        {
          "name": "key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "library_assets:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getWebhooks",
      "method": "GET",
      "path": "/v2/webhooks",
      "parameters": [
        {
          "name": "context",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "context_id",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "plan_api_id",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "cursor",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "webhooks:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "postWebhook",
      "method": "POST",
      "path": "/v2/webhooks",
      "parameters": [],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "webhooks:write"
          ]
        }
      ],
      "body": {
        "required": true,
        "types": [
          "application/json"
        ]
      },
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getWebhook",
      "method": "GET",
      "path": "/v2/webhooks/{webhook_id}",
      "parameters": [
        {
          "name": "webhook_id",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "webhooks:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "putWebhook",
      "method": "PUT",
      "path": "/v2/webhooks/{webhook_id}",
      "parameters": [
        {
          "name": "webhook_id",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "webhooks:write"
          ]
        }
      ],
      "body": {
        "required": true,
        "types": [
          "application/json"
        ]
      },
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "deleteWebhook",
      "method": "DELETE",
      "path": "/v2/webhooks/{webhook_id}",
      "parameters": [
        {
          "name": "webhook_id",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "webhooks:write"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getTeamWebhooks",
      "method": "GET",
      "path": "/v2/teams/{team_id}/webhooks",
      "parameters": [
        {
          "name": "team_id",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "webhooks:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getWebhookRequests",
      "method": "GET",
      "path": "/v2/webhooks/{webhook_id}/requests",
      "parameters": [
        {
          "name": "webhook_id",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "webhooks:read",
            "files:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getActivityLogs",
      "method": "GET",
      "path": "/v1/activity_logs",
      "parameters": [
        {
          "name": "events",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "start_time",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "number"
          }
        },
        {
          "name": "end_time",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "number"
          }
        },
        {
          "name": "limit",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "number"
          }
        },
        {
          "name": "order",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "401": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PlanAccessToken": []
        },
        {
          "OrgOAuth2": [
            "org:activity_log_read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "401": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  401
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getDeveloperLogs",
      "method": "POST",
      "path": "/v1/developer_logs",
      "parameters": [],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "401": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PlanAccessToken": []
        }
      ],
      "body": {
        "required": false,
        "types": [
          "application/json"
        ]
      },
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "401": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  401
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getAiUsageDaily",
      "method": "GET",
      "path": "/v1/ai_usage/daily",
      "parameters": [
        {
          "name": "start_date",
          "in": "query",
          "required": true,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "end_date",
          "in": "query",
          "required": true,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "user_email",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "limit",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "integer"
          }
        },
        {
          "name": "cursor",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "401": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PlanAccessToken": []
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "401": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  401
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getPayments",
      "method": "GET",
      "path": "/v1/payments",
      "parameters": [
        {
          "name": "plugin_payment_token",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "user_id",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "community_file_id",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "plugin_id",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "widget_id",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "401": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        }
      ],
      "errors": {
        "401": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  401
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getLocalVariables",
      "method": "GET",
      "path": "/v1/files/{file_key}/variables/local",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "401": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "OAuth2": [
            "file_variables:read"
          ]
        }
      ],
      "errors": {
        "401": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  401
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getPublishedVariables",
      "method": "GET",
      "path": "/v1/files/{file_key}/variables/published",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "401": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "OAuth2": [
            "file_variables:read"
          ]
        }
      ],
      "errors": {
        "401": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  401
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "postVariables",
      "method": "POST",
      "path": "/v1/files/{file_key}/variables",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "401": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "OAuth2": [
            "file_variables:write"
          ]
        }
      ],
      "body": {
        "required": true,
        "types": [
          "application/json"
        ]
      },
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "401": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  401
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getDevResources",
      "method": "GET",
      "path": "/v1/files/{file_key}/dev_resources",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "node_ids",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "401": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "file_dev_resources:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "401": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  401
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "putDevResources",
      "method": "PUT",
      "path": "/v1/dev_resources",
      "parameters": [],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "401": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "file_dev_resources:write"
          ]
        }
      ],
      "body": {
        "required": true,
        "types": [
          "application/json"
        ]
      },
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "401": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  401
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "postDevResources",
      "method": "POST",
      "path": "/v1/dev_resources",
      "parameters": [],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "401": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "file_dev_resources:write"
          ]
        }
      ],
      "body": {
        "required": true,
        "types": [
          "application/json"
        ]
      },
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "401": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  401
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "deleteDevResource",
      "method": "DELETE",
      "path": "/v1/files/{file_key}/dev_resources/{dev_resource_id}",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "dev_resource_id",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": []
        },
        "401": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "file_dev_resources:write"
          ]
        }
      ],
      "errors": {
        "401": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  401
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getLibraryAnalyticsComponentActions",
      "method": "GET",
      "path": "/v1/analytics/libraries/{file_key}/component/actions",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "cursor",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "group_by",
          "in": "query",
          "required": true,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "start_date",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "end_date",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "401": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "library_analytics:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "401": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  401
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getLibraryAnalyticsComponentUsages",
      "method": "GET",
      "path": "/v1/analytics/libraries/{file_key}/component/usages",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "cursor",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "group_by",
          "in": "query",
          "required": true,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "401": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "library_analytics:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "401": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  401
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getLibraryAnalyticsStyleActions",
      "method": "GET",
      "path": "/v1/analytics/libraries/{file_key}/style/actions",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "cursor",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "group_by",
          "in": "query",
          "required": true,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "start_date",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "end_date",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "401": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "library_analytics:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "401": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  401
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getLibraryAnalyticsStyleUsages",
      "method": "GET",
      "path": "/v1/analytics/libraries/{file_key}/style/usages",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "cursor",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "group_by",
          "in": "query",
          "required": true,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "401": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "library_analytics:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "401": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  401
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getLibraryAnalyticsVariableActions",
      "method": "GET",
      "path": "/v1/analytics/libraries/{file_key}/variable/actions",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "cursor",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "group_by",
          "in": "query",
          "required": true,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "start_date",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "end_date",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "401": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "library_analytics:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "401": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  401
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getLibraryAnalyticsVariableUsages",
      "method": "GET",
      "path": "/v1/analytics/libraries/{file_key}/variable/usages",
      "parameters": [
        {
          "name": "file_key",
          "in": "path",
          "required": true,
          "style": "simple",
          "explode": false,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "cursor",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "group_by",
          "in": "query",
          "required": true,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "401": {
          "types": [
            "application/json"
          ]
        },
        "403": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "500": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "PlanAccessToken": []
        },
        {
          "OAuth2": [
            "library_analytics:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "401": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  401
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "403": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  403
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "500": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  500
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    },
    {
      "id": "getOEmbed",
      "method": "GET",
      "path": "/v1/oembed",
      "parameters": [
        {
          "name": "url",
          "in": "query",
          "required": true,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "string"
          }
        },
        {
          "name": "maxwidth",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "integer"
          }
        },
        {
          "name": "maxheight",
          "in": "query",
          "required": false,
          "style": "form",
          "explode": true,
          "shape": {
            "type": "integer"
          }
        }
      ],
      "responses": {
        "200": {
          "types": [
            "application/json"
          ]
        },
        "400": {
          "types": [
            "application/json"
          ]
        },
        "404": {
          "types": [
            "application/json"
          ]
        },
        "429": {
          "types": [
            "application/json"
          ]
        },
        "501": {
          "types": [
            "application/json"
          ]
        }
      },
      "security": [
        {
          "PersonalAccessToken": []
        },
        {
          "OAuth2": [
            "file_metadata:read"
          ]
        }
      ],
      "errors": {
        "400": {
          "t": "object",
          "props": [
            [
              "error",
              {
                "t": "value",
                "value": true
              }
            ],
            [
              "status",
              {
                "t": "status",
                "only": [
                  400
                ]
              }
            ],
            [
              "message",
              {
                "t": "message"
              }
            ]
          ]
        },
        "404": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  404
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "429": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  429
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        },
        "501": {
          "t": "object",
          "props": [
            [
              "status",
              {
                "t": "status",
                "only": [
                  501
                ]
              }
            ],
            [
              "err",
              {
                "t": "message"
              }
            ]
          ]
        }
      }
    }
  ],
  "securitySchemes": {
    "PersonalAccessToken": {
      "type": "apiKey",
      "in": "header",
      "name": "X-Figma-Token"
    },
    "PlanAccessToken": {
      "type": "apiKey",
      "in": "header",
      "name": "X-Figma-Token"
    },
    "OAuth2": {
      "type": "oauth2"
    },
    "OrgOAuth2": {
      "type": "oauth2"
    }
  },
  "errorTemplate": {
    "t": "object",
    "props": [
      [
        "error",
        {
          "t": "value",
          "value": true
        }
      ],
      [
        "status",
        {
          "t": "status",
          "only": [
            400
          ]
        }
      ],
      [
        "message",
        {
          "t": "message"
        }
      ]
    ]
  }
}`);
