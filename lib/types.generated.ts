// Generated from schemas/ by scripts/generate-types.ts. Do not edit by hand.

/** Address, every field supplied (address-complete.json) */
export type AddressComplete = Address & Required<Pick<Address, "addressLines" | "city" | "country" | "countryCode" | "region" | "zipCode">>;

/** Address (address.json) */
export type Address = {
  addressLines?: string;
  city?: string;
  /** country name */
  country?: string;
  /** country code */
  countryCode?: string;
  region?: string;
  /** postal code */
  zipCode?: string;
  /** only on card delivery/order addresses */
  companyName?: string;
};

/** Aggregate (aggregate.json) */
export type Aggregate = {
  coordinates?: Coordinates;
  count?: number;
};

/** Address including companyName (card-address.json) */
export type CardAddress = Address;

/** Cancel a card (request) (card-cancel-request.json) */
export type CardCancelRequest = {
  statusReasonId?: number;
  notes?: string;
};

/** Card list response (card-list.json) */
export type CardList = {
  cards?: Array<Card>;
  customerAccountNumber?: string;
  hasNextPage?: boolean;
  lastPage?: boolean;
  nextCursor?: string;
  totalCount?: number;
};

/** Card order errors (card-order-errors.json) */
export type CardOrderErrors = Array<StandardError>;

/** Card order item (card-order-item.json) */
export type CardOrderItem = {
  /** from master data cardType */
  cardTypeId?: number;
  /** from master data cardCategory */
  cardCategoryId?: number;
  /** from master data cardGroup */
  cardGroupId?: number;
  /** from master data purchaseCategory */
  purchaseCategoryId?: number;
  /** from master data fuelProductRestriction */
  fuelProductRestrictionId?: number;
  /** from master data product */
  products?: Array<{
    productId?: number;
  }>;
  additionalEmbossing?: string;
  driverName?: string;
  vehicleRegNumber?: string;
  isDriverEmbossed?: boolean;
  isVRNEmbossed?: boolean;
  /** secret; never echoed */
  cardPIN?: string;
  /** delivery address */
  cardAddress?: CardAddress;
  cardContact?: Contact;
};

/** Order cards (request) (card-order-request.json) */
export type CardOrderRequest = {
  customerAccountNumber: string;
  cards: Array<CardOrderItem>;
};

/** Order cards (response) (card-order-response.json) */
export type CardOrderResponse = OperationStatus & {
  orderReference: string;
};

/** Replace a card (request) (card-replace-request.json) */
export type CardReplaceRequest = {
  cardTypeId?: number;
  purchaseCategoryId?: number;
  additionalEmbossing?: string;
  driverName?: string;
  vehicleRegNumber?: string;
  cardGroupId?: number;
};

/** PIN reprint (request) (card-reprint-pin-request.json) */
export type CardReprintPinRequest = {
  cardAddress?: AddressComplete;
};

/** Search cards (request) (card-search-request.json) */
export type CardSearchRequest = {
  /** maximum records to return */
  limit?: number;
  /** from a previous response */
  cursor?: string;
  /** sorting can be applied on card status; grammar: not shown */
  sortExpression?: string;
  customerAccountNumber?: string;
  orderReference?: string;
  /** ids from master data cardType */
  cardTypeIdentifiers?: Array<number>;
  /** ids from master data status */
  statusIdentifiers?: Array<number>;
  filter?: {
    partialMatch?: boolean;
    primaryVisualCardNumber?: string;
    driverName?: string;
    vehicleRegNumber?: string;
  };
};

/** Block or unblock a card (request) (card-status-change-request.json) */
export type CardStatusChangeRequest = {
  statusReasonId: number;
  notes?: string;
};

/** Card type (for a customer) (card-type.json) */
export type CardType = {
  cardTypeId?: number;
  cardTypeName?: string;
  cardTypeDescription?: string;
  defaultPurchaseCategoryId?: number;
  purchaseCategoryName?: string;
  isEV?: boolean;
};

/** Card types of a customer (card-types.json) */
export type CardTypes = Array<CardType>;

/** Card (card.json) */
export type Card = {
  cardIdentifier?: number;
  /** card type name */
  cardType?: string;
  /** card status; Active with id 1 appears */
  status?: {
    id?: number;
    name?: string;
  };
  primaryVisualCardNumber?: string;
  secondaryCardNumber?: string;
  keyIdentifier?: string;
  driverName?: string;
  vehicleRegNumber?: string;
  additionalEmbossing?: string;
  purchaseCategoryName?: string;
  fuelProductRestriction?: {
    productRestrictionId?: number;
    productRestrictionName?: string;
  };
  products?: Array<{
    productId?: number;
    productName?: string;
  }>;
  cardDeliveryAddress?: CardAddress;
  cardDeliveryContact?: Contact;
  orderDate?: string;
  expiryDate?: string;
};

/** Contact (contact.json) */
export type Contact = {
  emailAddress?: string;
  firstName?: string;
  lastName?: string;
  middleName?: string;
  mobilePhone?: string;
  telephone?: string;
};

/** Coordinates (coordinates.json) */
export type Coordinates = {
  latitude?: string;
  longitude?: string;
};

/** Customer address (customer-address.json) */
export type CustomerAddress = Address & {
  companyName?: never;
};

/** Create a sub-customer (request) (customer-create-request.json) */
export type CustomerCreateRequest = {
  customerName: string;
  customerContact: Contact;
  customerAddress: AddressComplete;
  /** the parent under which to create; omitted = under the top-level customer */
  customerAccountNumber?: string;
  customerBusinessReference?: string;
};

/** Create a sub-customer (response) (customer-create-response.json) */
export type CustomerCreateResponse = OperationStatus & {
  customerAccountNumber: string;
};

/** List customers (query parameters) (customer-list-query.json) */
export type CustomerListQuery = {
  limit?: number;
  /** from a previous page */
  cursor?: string;
  /** restricts results to direct sub-accounts of that account */
  customerAccountNumber?: string;
  /** case-insensitive partial match on customerAccountNumber, customerName or customerBusinessReference */
  searchText?: string;
};

/** Customer list page (customer-list.json) */
export type CustomerList = {
  customers?: Array<Customer>;
  hasNextPage?: boolean;
  lastPage?: boolean;
  nextCursor?: string;
  totalCount?: number;
};

/** Customer block, unblock, close (request) (customer-notes-request.json) */
export type CustomerNotesRequest = {
  notes?: string;
};

/** Update customer details (request) (customer-update-request.json) */
export type CustomerUpdateRequest = {
  customerName?: string;
  customerBusinessReference?: string;
  customerContact?: Contact;
  customerAddress?: AddressComplete;
};

/** Customer (customer.json) */
export type Customer = {
  customerAccountNumber?: string;
  customerName?: string;
  customerBusinessReference?: string;
  /** the MAIN contact */
  customerContact?: Contact;
  /** the MAIN address */
  customerAddress?: CustomerAddress;
  /** text of the current status; Active appears */
  status?: string;
  /** identifier of the current status; 1 (Active) appears */
  statusIdentifier?: number;
  /** number of direct sub-accounts */
  countOfSubAccounts?: number;
  parentCustomerAccountNumber?: string;
  parentCustomerIdentifier?: number;
};

/** Duration (ISO 8601) (duration.json) */
export type Duration = string;

/** Evse (evse.json) */
export type Evse = {
  uid?: string;
  evse_id?: string;
  physical_reference?: string;
  status?: string;
  connectors?: Array<Record<string, unknown>>;
  capabilities?: Array<string>;
  last_updated?: Timestamp;
};

/** Geosearch 400 error body (geosearch-error.json) */
export type GeosearchError = MessageError;

/** Geosearch rectangle (query parameters) (geosearch-query.json) */
export type GeosearchQuery = {
  /** latitude of top edge, decimal degrees; must be greater than bottomLatitude */
  topLatitude: number;
  /** latitude of bottom edge */
  bottomLatitude: number;
  /** longitude of left edge; must be less than rightLongitude */
  leftLongitude: number;
  /** longitude of right edge */
  rightLongitude: number;
  /** result count (maximum 300, ignored when aggregation is on) */
  count?: number;
  /** aggregation switch: when true, results are aggregated */
  aggregate?: boolean;
  /** grid precision; larger value gives smaller grid cells; default derived from the radius when omitted */
  precision?: number;
  /** two-letter language code */
  language?: "en" | "bg" | "cy" | "de" | "es" | "fi" | "fr" | "hu" | "is" | "it" | "lt" | "nb" | "nl" | "pl" | "pt" | "ro" | "sv";
};

/** Geosearch rectangle (request body) (geosearch-request.json) */
export type GeosearchRequest = {
  filters?: {
    connectorStandards?: Array<string>;
    capabilities?: Array<string>;
  };
  options?: {
    includeAvailableOnly?: boolean;
  };
};

/** Geosearch rectangle (response) (geosearch-response.json) */
export type GeosearchResponse = {
  locations?: Array<Location>;
  aggregates?: Array<Aggregate>;
};

/** Location (location.json) */
export type Location = {
  /** opaque identifier */
  id?: string;
  name?: string;
  coordinates?: Coordinates;
  evses?: Array<Evse>;
  operator?: {
    id?: string;
    name?: string;
    hotline?: string;
    external_id?: string;
  };
  operator_display_name?: string;
  opening_times?: OpeningTimes;
  directions?: Array<{
    language?: string;
    text?: string;
  }>;
  /** country code */
  country?: string;
  state?: string;
  city?: string;
  postal_code?: number;
  address?: string;
  openNow?: boolean;
  is_green_energy?: boolean;
  last_updated?: TimestampUtc;
};

/** Master data (master-data.json) */
export type MasterData = {
  cardCategory: Array<{
    id?: number;
    name?: string;
  }>;
  cardGroup: Array<{
    id?: number;
    name?: string;
    cardTypeId?: number;
  }>;
  cardType: Array<{
    id?: number;
    name?: string;
    description?: string;
    isEV?: boolean;
    defaultPurchaseCategoryId?: number;
  }>;
  country: Array<{
    id?: number;
    name?: string;
    countryCode?: string;
  }>;
  fuelProductRestriction: Array<{
    id?: number;
    name?: string;
  }>;
  product: Array<{
    id?: number;
    name?: string;
  }>;
  purchaseCategory: Array<{
    id?: number;
    name?: string;
    productRestrictionId?: number;
  }>;
  reason: Array<{
    id?: number;
    description?: string;
    cardTypeId?: number;
  }>;
  region: Array<{
    id?: number;
    name?: string;
  }>;
  status: Array<{
    id?: number;
    name?: string;
  }>;
};

/** Message error body (message-error.json) */
export type MessageError = {
  message: string;
  details?: Array<string>;
};

/** Opening times (opening-times.json) */
export type OpeningTimes = {
  twentyfourseven?: boolean;
  regular_hours?: Array<{
    weekday?: number;
    period_begin?: string;
    period_end?: string;
  }>;
  exceptional_openings?: Array<{
    period_begin?: Timestamp;
    period_end?: Timestamp;
  }>;
  exceptional_closings?: Array<{
    period_begin?: Timestamp;
    period_end?: Timestamp;
  }>;
};

/** Operation status (operation-status.json) */
export type OperationStatus = Record<string, unknown>;

/** Price (price.json) */
export type Price = {
  currencyCode?: string;
  minorExclVat?: number;
  minorInclVat?: number;
  /** decimal percentage */
  vat?: string;
};

/** Charging session (session.json) */
export type Session = {
  sessionId?: string;
  sessionStatus?: "CREATED" | "WAITING_TO_START" | "STARTED" | "WAITING_TO_STOP" | "STOPPED" | "COMPLETE" | "FAILED" | "UNKNOWN" | "STOP_FAILED";
  balanceStatus?: "PROCESSING" | "PAID" | "DEBT" | "REFUND";
  /** a long integer as text */
  balanceAmountMinor?: string;
  charger?: {
    chargingStationName?: string;
    city?: string;
    connectorLabel?: string;
    evseId?: string;
    streetName?: string;
  };
  /** present only after the session has started */
  chargingKeyType?: "tag" | "card" | "virtual" | "plug_and_charge";
  /** present only after the session has started */
  connectorId?: string;
  duration?: Duration;
  energy?: {
    unit?: string;
    value?: number;
  };
  paymentMethod?: "CREDIT_CARD" | "EXTERNAL" | "PREPAID" | "WRITE_OFF";
  price?: Price;
  receiptAvailable?: boolean;
  site?: string;
  startTime?: TimestampUtc;
  transactions?: Array<Transaction>;
};

/** Standard error body (standard-error.json) */
export type StandardError = {
  errorCode: string;
  errorDescription: string;
};

/** Timestamp (UTC) (timestamp-utc.json) */
export type TimestampUtc = string;

/** Timestamp (timestamp.json) */
export type Timestamp = string;

/** Token request (form-encoded) (token-request.json) */
export type TokenRequest = {
  grant_type: "client_credentials";
  client_id: string;
  client_secret: string;
};

/** Token response (token-response.json) */
export type TokenResponse = {
  access_token?: string;
  token_type?: string;
  expires_in?: number;
};

/** Transaction (transaction.json) */
export type Transaction = {
  paymentMethod?: string;
  paymentOutcome?: string;
  amount?: Price;
  time?: Timestamp;
};
