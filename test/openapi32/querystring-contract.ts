/**
 * A 3.2 contract whose operations take their whole query string as one parameter (`in:
 * querystring`), modelled on the specification's Parameter Object examples: a form-encoded one
 * with `encoding` (spaces and pluses as the media type writes them), a JSON one (the query string
 * is the JSON text, percent-encoded), and an application/jsonpath one (the text itself).
 */
export const QUERYSTRING_CONTRACT = `openapi: 3.2.0
info: { title: Querystring 3.2, version: '1' }
paths:
  /search:
    get:
      operationId: search
      parameters:
        - name: filter
          in: querystring
          required: true
          content:
            application/x-www-form-urlencoded:
              schema:
                type: object
                required: [foo]
                additionalProperties: false
                properties:
                  foo: { type: string, maxLength: 10 }
                  bar: { type: boolean }
                  tags: { type: array, items: { type: string } }
                  ids: { type: array, items: { type: integer } }
              encoding:
                ids: { style: form, explode: false }
              examples:
                spacesAndPluses:
                  dataValue: { foo: a + b, bar: true }
                  serializedValue: foo=a+%2B+b&bar=true
          examples:
            spacesAndPluses:
              dataValue: { foo: a + b, bar: true }
              serializedValue: foo=a+%2B+b&bar=true
      responses:
        '200':
          description: what was searched
          content:
            application/json:
              schema:
                type: object
                required: [foo]
                properties:
                  foo: { type: string }
                  bar: { type: boolean }
        '400': { description: a query string the schema refuses }
  /json:
    get:
      operationId: jsonQuery
      security: [{ key: [] }, {}]
      parameters:
        - name: json
          in: querystring
          content:
            application/json:
              schema:
                type: object
                properties:
                  numbers: { type: array, items: { type: integer } }
                  flag: { type: [boolean, 'null'] }
              examples:
                TwoNoFlag:
                  dataValue: { numbers: [1, 2], flag: null }
                  serializedValue: '{"numbers":[1,2],"flag":null}'
          examples:
            TwoNoFlag:
              dataValue: { numbers: [1, 2], flag: null }
              serializedValue: "%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D"
      responses:
        '200':
          description: the numbers
          content:
            application/json:
              schema: { type: object, properties: { count: { type: integer } } }
        '400': { description: a query string the schema refuses }
  /select:
    get:
      operationId: select
      parameters:
        - name: selector
          in: querystring
          content:
            application/jsonpath:
              schema: { type: string, pattern: '^\\$' }
              example: $.a.b[1:1]
          examples:
            Selector:
              serializedValue: "%24.a.b%5B1%3A1%5D"
      responses:
        '204': { description: selected }
        '400': { description: a selector the schema refuses }
components:
  securitySchemes:
    key: { type: apiKey, in: query, name: api_key }
`;
