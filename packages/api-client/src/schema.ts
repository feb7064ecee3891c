/**
 * Generated from the API's OpenAPI document (app/api_docs/document.ts)
 * by `npm run client:generate`. Do not edit: a test fails when it differs
 * from what the document generates.
 */

export interface paths {
    "/auth/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete the account with its current password (409 organization.last_owner, with meta.organizationIds, while it is the last owner of an organization with other members) */
        delete: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        currentPassword: string;
                    };
                };
            };
            responses: {
                /** @description Deleted; every session of the account has ended */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/account/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download everything the API holds about the account (one JSON file) */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The export, as an attachment */
                200: {
                    headers: {
                        /** @description attachment; filename="account-<date>.json" */
                        "Content-Disposition"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["AccountExport"];
                        };
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/email/change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move the account to a new address: a link (24 h) to it, a notice to the current one; nothing changes until the link is used */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        currentPassword: string;
                        /** @description An email address; surrounding spaces are trimmed, letters lower-cased */
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Accepted (the same whether or not the address has an account) */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Messages"];
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/email/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm a change of address with the emailed token (every other session ends) */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                /** @description The account at its new, verified address */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["User"];
                        };
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/email/verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email a verification link */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Accepted */
                202: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Messages"];
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/email/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify the address with an emailed token */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Verified */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["User"];
                        };
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Signed in; sets the session cookie */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["User"];
                        };
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Signed out */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in account */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The account */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["User"];
                        };
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change the name or the language of the account */
        patch: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        fullName?: string | null;
                        locale?: ("en" | "fr") | null;
                    };
                };
            };
            responses: {
                /** @description The account */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["User"];
                        };
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change the password (this session continues, the others end) */
        put: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        currentPassword: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Password changed */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password/forgot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email a password reset link (same answer whether or not the account exists) */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description An email address; surrounding spaces are trimmed, letters lower-cased */
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Accepted */
                202: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Messages"];
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with an emailed token (every session ends) */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        password: string;
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Password reset */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sessions of the account */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Sessions */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["AccountSession"][];
                        };
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** End every session but the current one */
        delete: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Ended */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** End one session, everywhere */
        delete: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Ended */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (`common.resource.not_found`) */
                404: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account and sign in */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description An email address; surrounding spaces are trimmed, letters lower-cased */
                        email: string;
                        fullName?: string | null;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Signed up; sets the session cookie */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["User"];
                        };
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A viewer of this document (outside production) */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTML page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs/viewer.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The viewer’s script */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description JavaScript */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/javascript": string;
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health report (the full report with the monitoring secret) */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Healthy */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Health"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unhealthy or a dependency is down */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Health"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process serves requests */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Alive */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Health"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: 503 until the start-up gate opens, from the first moment of a drain (SIGTERM), and while a dependency does not answer (probe cached up to 1 s) */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Healthy */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Health"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unhealthy or a dependency is down */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Health"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation as the invited, signed-in account */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Now a member */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Organization"];
                        };
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics (Authorization: Bearer <MONITORING_SECRET>) */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Prometheus text format */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (`common.resource.not_found`) */
                404: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/newsletter/subscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Subscribe to the newsletter (sends a welcome email) */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description An email address; surrounding spaces are trimmed, letters lower-cased */
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Subscribed */
                201: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Messages"];
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unprocessable */
                422: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/newsletter/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The unsubscribe link: a page with a button, or JSON when asked (changes nothing) */
        get: {
            parameters: {
                query?: {
                    token?: string;
                };
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A self-contained HTML page in the caller's language (with `Content-Language` and `Vary: Accept-Language`), or the masked address and whether it is subscribed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                email: string;
                                subscribed: boolean;
                            };
                        };
                        "text/html": string;
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Unsubscribe (RFC 8058 one-click: `List-Unsubscribe=One-Click` form body, or none); idempotent */
        post: {
            parameters: {
                query?: {
                    token?: string;
                };
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Unsubscribed */
                200: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Messages"];
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OpenAPI 3.1 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organizations the caller belongs to */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Organizations */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Organization"][];
                        };
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Create an organization (the caller becomes its owner) */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Organization"];
                        };
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One organization */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path: {
                    organizationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The organization */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Organization"];
                        };
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete the organization with its members, invitations, events, idempotency records and audit log: owners */
        delete: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path: {
                    organizationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename the organization: owners and admins */
        patch: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path: {
                    organizationId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Renamed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Organization"];
                        };
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/organizations/{organizationId}/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who did what, newest first (keyset pagination): owners and admins */
        get: {
            parameters: {
                query?: {
                    action?: ("organization.created" | "organization.renamed" | "member.added" | "member.removed" | "member.left" | "member.role_changed" | "ownership.transferred" | "invitation.created" | "invitation.revoked" | "invitation.accepted" | "event.deleted")[];
                    cursor?: string;
                    limit?: number;
                };
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path: {
                    organizationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of entries */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["AuditEntry"][];
                            meta: {
                                nextCursor: string | null;
                            };
                        };
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List events (keyset pagination) */
        get: {
            parameters: {
                query?: {
                    cursor?: string;
                    eventType?: "ONE_OFF" | "RECURRING";
                    limit?: number;
                    sort?: "createdAt" | "-createdAt" | "targetDate" | "-targetDate";
                    status?: ("BACKLOG" | "PLANNING" | "PLANNED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED")[];
                    targetDateFrom?: string;
                    targetDateTo?: string;
                };
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path: {
                    organizationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of events; nextCursor is null on the last page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Event"][];
                            meta: {
                                nextCursor: string | null;
                            };
                        };
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Create an event */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                    "Idempotency-Key"?: string;
                };
                path: {
                    organizationId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        address?: {
                            city: string;
                            /** @description ISO 3166-1 alpha-2 country code, any case (stored upper-cased) */
                            country?: string | null;
                            postalCode?: string | null;
                            state?: string | null;
                            streetAddress?: string | null;
                            streetAddress2?: string | null;
                        };
                        description?: string | null;
                        /** @enum {unknown} */
                        eventType?: "ONE_OFF" | "RECURRING";
                        metadata?: {
                            budgetRange?: {
                                /** @description ISO 4217 currency code, any case (stored upper-cased) */
                                currency?: string | null;
                                max?: number | null;
                                min?: number | null;
                            } | null;
                            category?: ("wedding" | "birthday" | "graduation" | "proposal" | "other") | null;
                            customCategory?: string | null;
                            guestCount?: {
                                approximate?: number | null;
                                max?: number | null;
                                min?: number | null;
                            } | null;
                        };
                        name: string;
                        /** @enum {unknown} */
                        status?: "BACKLOG" | "PLANNING" | "PLANNED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED";
                        /** @description ISO 8601 date-time or calendar date (e.g. 2027-03-01T18:30:00-05:00) */
                        targetDate?: string | null;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        /** @description Version of the event, for If-Match and If-None-Match */
                        ETag?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Event"];
                        };
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unprocessable */
                422: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One event */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                    "If-None-Match"?: string;
                };
                path: {
                    id: string;
                    organizationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The event */
                200: {
                    headers: {
                        /** @description Version of the event, for If-Match and If-None-Match */
                        ETag?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Event"];
                        };
                    };
                };
                /** @description Not modified (If-None-Match names the current version) */
                304: {
                    headers: {
                        /** @description Version of the event, for If-Match and If-None-Match */
                        ETag?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (`common.resource.not_found`) */
                404: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete an event and its address */
        delete: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path: {
                    id: string;
                    organizationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (`common.resource.not_found`) */
                404: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change an event (partial; metadata merged) */
        patch: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                    "If-Match"?: string;
                };
                path: {
                    id: string;
                    organizationId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        address?: {
                            city?: string;
                            /** @description ISO 3166-1 alpha-2 country code, any case (stored upper-cased) */
                            country?: string | null;
                            postalCode?: string | null;
                            state?: string | null;
                            streetAddress?: string | null;
                            streetAddress2?: string | null;
                        };
                        description?: string | null;
                        metadata?: {
                            budgetRange?: {
                                /** @description ISO 4217 currency code, any case (stored upper-cased) */
                                currency?: string | null;
                                max?: number | null;
                                min?: number | null;
                            } | null;
                            category?: ("wedding" | "birthday" | "graduation" | "proposal" | "other") | null;
                            customCategory?: string | null;
                            guestCount?: {
                                approximate?: number | null;
                                max?: number | null;
                                min?: number | null;
                            } | null;
                        };
                        name?: string;
                        /** @enum {unknown} */
                        status?: "BACKLOG" | "PLANNING" | "PLANNED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED";
                        /** @description ISO 8601 date-time or calendar date (e.g. 2027-03-01T18:30:00-05:00) */
                        targetDate?: string | null;
                    };
                };
            };
            responses: {
                /** @description Changed */
                200: {
                    headers: {
                        /** @description Version of the event, for If-Match and If-None-Match */
                        ETag?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Event"];
                        };
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (`common.resource.not_found`) */
                404: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description If-Match names another version (`common.resource.precondition_failed`) */
                412: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/organizations/{organizationId}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pending invitations */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path: {
                    organizationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Invitations */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Invitation"][];
                        };
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Invite an address by email (link valid 7 days): owners and admins */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path: {
                    organizationId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description An email address; surrounding spaces are trimmed, letters lower-cased */
                        email: string;
                        /** @enum {unknown} */
                        role?: "owner" | "admin" | "member";
                    };
                };
            };
            responses: {
                /** @description Invited */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Invitation"];
                        };
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/invitations/{invitationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an invitation (its link dies): owners, admins for non-owner ones */
        delete: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path: {
                    invitationId: string;
                    organizationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Revoked */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (`common.resource.not_found`) */
                404: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Leave the organization (not as its last owner) */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path: {
                    organizationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Left */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Members of an organization */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path: {
                    organizationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Members */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Member"][];
                        };
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Add an existing account as a member, with a role: owners and admins */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path: {
                    organizationId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description An email address; surrounding spaces are trimmed, letters lower-cased */
                        email: string;
                        /** @enum {unknown} */
                        role?: "owner" | "admin" | "member";
                    };
                };
            };
            responses: {
                /** @description Added */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Member"];
                        };
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (`common.resource.not_found`) */
                404: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member (never the last owner; removing oneself is leaving) */
        delete: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path: {
                    organizationId: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Removed */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (`common.resource.not_found`) */
                404: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change a member’s role: owners any, admins non-owners to admin or member */
        patch: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path: {
                    organizationId: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        role: "owner" | "admin" | "member";
                    };
                };
            };
            responses: {
                /** @description The member */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Member"];
                        };
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (`common.resource.not_found`) */
                404: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/organizations/{organizationId}/ownership-transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a member owner and the caller admin, in one step: owners */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                    "Accept-Language"?: string;
                };
                path: {
                    organizationId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        userId: string;
                    };
                };
            };
            responses: {
                /** @description Transferred */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                from: components["schemas"]["Member"];
                                to: components["schemas"]["Member"];
                            };
                        };
                    };
                };
                /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`) */
                400: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No valid session (`auth.unauthenticated`) */
                401: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
                403: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (`common.resource.not_found`) */
                404: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large (`input.body.too_large`) */
                413: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported media type or encoding */
                415: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
                429: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`common.server.internal`) */
                500: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A dependency is down (`common.service.unavailable`), with Retry-After */
                503: {
                    headers: {
                        /** @description The language of the text: `en` or `fr` (Canadian French) */
                        "Content-Language"?: "en" | "fr";
                        /** @description Includes `Accept-Language`: the text depends on it */
                        Vary?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Everything the API holds about the account, each kind of record as the route that lists it answers it; never a password or token hash */
        AccountExport: {
            /** @description Entries where the account is the actor or the target, oldest first */
            auditLog: {
                entry: components["schemas"]["AuditEntry"];
                /** Format: uuid */
                organizationId: string;
            }[];
            /** Format: date-time */
            exportedAt: string;
            invitationsReceived: components["schemas"]["ScopedInvitation"][];
            invitationsSent: components["schemas"]["ScopedInvitation"][];
            /** @description The organizations, each with the account's role, as GET /organizations lists them */
            memberships: components["schemas"]["Organization"][];
            newsletter: {
                consentedAt: string | null;
                consentIp?: string | null;
                consentOrigin?: string | null;
                consentReferer?: string | null;
                consentUserAgent?: string | null;
                email: string;
                status: string;
                /** Format: date-time */
                subscribedAt: string;
                unsubscribedAt?: string | null;
                unsubscribedVia?: string | null;
            } | null;
            pendingEmailChange: {
                email: string;
                /** Format: date-time */
                expiresAt: string;
            } | null;
            profile: components["schemas"]["User"];
            sessions: components["schemas"]["AccountSession"][];
            /** Format: date-time */
            signedUpAt: string;
        };
        AccountSession: {
            /** Format: date-time */
            createdAt: string;
            current: boolean;
            /** @description Not the cookie value */
            id: string;
            ipAddress: string | null;
            /**
             * Format: date-time
             * @description May lag by up to 5 minutes
             */
            lastSeenAt: string;
            userAgent: string | null;
        };
        Address: {
            city: string;
            country: string | null;
            postalCode: string | null;
            state: string | null;
            streetAddress: string | null;
            streetAddress2: string | null;
        };
        AuditEntry: {
            /** @enum {unknown} */
            action: "organization.created" | "organization.renamed" | "member.added" | "member.removed" | "member.left" | "member.role_changed" | "ownership.transferred" | "invitation.created" | "invitation.revoked" | "invitation.accepted" | "event.deleted";
            actor: {
                /** @description A copy taken at the time */
                email: string | null;
                /** Format: uuid */
                userId: string;
            };
            details: {
                /** @enum {unknown} */
                fromRole?: "owner" | "admin" | "member";
                name?: string;
                /** @enum {unknown} */
                role?: "owner" | "admin" | "member";
                /** @enum {unknown} */
                toRole?: "owner" | "admin" | "member";
            };
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            occurredAt: string;
            target: {
                email?: string | null;
                /** Format: uuid */
                id: string;
                /** @enum {unknown} */
                type: "user" | "invitation" | "organization" | "event";
            };
        };
        Error: {
            errors: {
                code: string;
                field?: string;
                message: string;
                /** @description Only where the contract names it */
                meta?: Record<string, never>;
                rule?: string;
            }[];
        };
        Event: {
            address: components["schemas"]["Address"] | null;
            /** Format: date-time */
            createdAt: string;
            description: string | null;
            /** @enum {unknown} */
            eventType: "ONE_OFF" | "RECURRING";
            /** Format: uuid */
            id: string;
            metadata: Record<string, never>;
            name: string;
            /** Format: uuid */
            organizationId: string;
            /** @enum {unknown} */
            status: "BACKLOG" | "PLANNING" | "PLANNED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED";
            targetDate: string | null;
            /** Format: date-time */
            updatedAt: string;
        };
        Health: {
            checks?: Record<string, never>[];
            debugInfo?: Record<string, never>;
            finishedAt?: string;
            isHealthy: boolean;
            /** @enum {unknown} */
            status: "ok" | "error";
        };
        Invitation: {
            /** Format: date-time */
            createdAt: string;
            email: string;
            /** Format: date-time */
            expiresAt: string;
            /** Format: uuid */
            id: string;
            invitedBy: {
                email: string;
                /** Format: uuid */
                userId: string;
            } | null;
            /**
             * @description Given on acceptance
             * @enum {unknown}
             */
            role: "owner" | "admin" | "member";
        };
        Member: {
            email: string;
            fullName: string | null;
            /** Format: date-time */
            joinedAt: string;
            /** @enum {unknown} */
            role: "owner" | "admin" | "member";
            /** Format: uuid */
            userId: string;
        };
        Messages: {
            messages: {
                title: string;
            }[];
        };
        Organization: {
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            id: string;
            name: string;
            /**
             * @description The caller’s role in it
             * @enum {unknown}
             */
            role: "owner" | "admin" | "member";
            /** Format: date-time */
            updatedAt: string;
        };
        ScopedInvitation: {
            invitation: components["schemas"]["Invitation"];
            /** Format: uuid */
            organizationId: string;
        };
        User: {
            email: string;
            emailVerifiedAt: string | null;
            fullName: string | null;
            /** Format: uuid */
            id: string;
            locale: ("en" | "fr") | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
