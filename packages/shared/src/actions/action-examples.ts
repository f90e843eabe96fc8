/** The editor's Examples menu: a weather API in JSON, a pet store in YAML, and an empty template. */

export const WEATHER_EXAMPLE = `{
  "openapi": "3.1.0",
  "info": {
    "title": "Weather",
    "description": "Forecasts for a place in the United States, from the National Weather Service.",
    "version": "v1.0.0"
  },
  "servers": [{ "url": "https://api.weather.gov" }],
  "paths": {
    "/points/{point}": {
      "get": {
        "operationId": "GetGridPoint",
        "summary": "Find the forecast office and grid cell of a latitude,longitude point",
        "parameters": [
          {
            "name": "point",
            "in": "path",
            "required": true,
            "description": "Latitude and longitude with a comma between, such as 39.7456,-97.0892",
            "schema": { "type": "string" }
          }
        ],
        "responses": {
          "200": {
            "description": "The grid point",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/GridPoint" } } }
          }
        }
      }
    },
    "/gridpoints/{office}/{gridX},{gridY}/forecast": {
      "get": {
        "operationId": "GetForecast",
        "summary": "The forecast of a grid cell, in twelve-hour periods",
        "parameters": [
          { "name": "office", "in": "path", "required": true, "schema": { "type": "string" } },
          { "name": "gridX", "in": "path", "required": true, "schema": { "type": "integer" } },
          { "name": "gridY", "in": "path", "required": true, "schema": { "type": "integer" } },
          {
            "name": "units",
            "in": "query",
            "required": false,
            "schema": { "type": "string", "enum": ["us", "si"] }
          }
        ],
        "responses": { "200": { "description": "The forecast" } }
      }
    }
  },
  "components": {
    "schemas": {
      "GridPoint": {
        "type": "object",
        "properties": { "properties": { "type": "object" } }
      }
    }
  }
}
`;

export const PET_STORE_EXAMPLE = `openapi: 3.0.3
info:
  title: Pet Store
  description: A sample store of pets to list, add and look up.
  version: 1.0.0
servers:
  - url: https://petstore3.swagger.io/api/v3
paths:
  /pet/findByStatus:
    get:
      operationId: findPetsByStatus
      summary: List the pets with a status
      parameters:
        - name: status
          in: query
          required: true
          schema:
            type: string
            enum: [available, pending, sold]
      responses:
        '200':
          description: The matching pets
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: '#/components/schemas/Pet'
  /pet:
    post:
      operationId: addPet
      summary: Add a pet to the store
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/Pet'
      responses:
        '200':
          description: The pet as stored
  /pet/{petId}:
    get:
      operationId: getPetById
      summary: Look up one pet
      parameters:
        - name: petId
          in: path
          required: true
          schema:
            type: integer
      responses:
        '200':
          description: The pet
components:
  schemas:
    Pet:
      type: object
      required: [name]
      properties:
        id:
          type: integer
        name:
          type: string
          description: The pet's name
        status:
          type: string
          enum: [available, pending, sold]
`;

export const BLANK_TEMPLATE_EXAMPLE = `{
  "openapi": "3.1.0",
  "info": {
    "title": "Untitled",
    "description": "Your OpenAPI specification",
    "version": "v1.0.0"
  },
  "servers": [{ "url": "" }],
  "paths": {},
  "components": { "schemas": {} }
}
`;

/** The Examples menu's entries, in order, with their labels. */
export const ACTION_EXAMPLES = [
  { key: 'weather', label: 'Weather (JSON)', text: WEATHER_EXAMPLE },
  { key: 'pet_store', label: 'Pet Store (YAML)', text: PET_STORE_EXAMPLE },
  { key: 'blank', label: 'Blank Template', text: BLANK_TEMPLATE_EXAMPLE },
] as const;
