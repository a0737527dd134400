/** One typed method per operation of the document, over FleetClient.call (types from the schemas). */
import { type ApiResponse, FleetClient, type Query } from './client.js';
import type { GeoParamNames } from './config.js';
import { geoQuery } from './locations.js';
import { SuiteError } from './suite-error.js';
import type * as T from './types.generated.js';

type Id = string | number;

/** The geosearch query under the document's names (the sandbox's names for the four unnamed ones). */
export type GeosearchRectangle = T.GeosearchQuery;

export class FleetApi extends FleetClient {
  listCustomers(query: T.CustomerListQuery & Query = {}): Promise<ApiResponse<T.CustomerList>> {
    return this.call('listCustomers', { query });
  }

  getCustomer(customerAccountNumber: string): Promise<ApiResponse<T.Customer>> {
    return this.call('getCustomer', { params: { customerAccountNumber } });
  }

  createSubCustomer(body: T.CustomerCreateRequest): Promise<ApiResponse<T.CustomerCreateResponse>> {
    return this.call('createSubCustomer', { body });
  }

  updateCustomerDetail(
    customerAccountNumber: string,
    body: T.CustomerUpdateRequest
  ): Promise<ApiResponse<T.OperationStatus>> {
    return this.call('updateCustomerDetail', { params: { customerAccountNumber }, body });
  }

  getCustomerCardTypes(customerAccountNumber: string): Promise<ApiResponse<T.CardTypes>> {
    return this.call('getCustomerCardTypes', { params: { customerAccountNumber } });
  }

  blockCustomer(
    customerAccountNumber: string,
    body: T.CustomerNotesRequest = {}
  ): Promise<ApiResponse<T.OperationStatus>> {
    return this.call('blockCustomer', { params: { customerAccountNumber }, body });
  }

  unblockCustomer(
    customerAccountNumber: string,
    body: T.CustomerNotesRequest = {}
  ): Promise<ApiResponse<T.OperationStatus>> {
    return this.call('unblockCustomer', { params: { customerAccountNumber }, body });
  }

  closeCustomer(
    customerAccountNumber: string,
    body: T.CustomerNotesRequest = {}
  ): Promise<ApiResponse<T.OperationStatus>> {
    return this.call('closeCustomer', { params: { customerAccountNumber }, body });
  }

  orderCards(body: T.CardOrderRequest): Promise<ApiResponse<T.CardOrderResponse>> {
    return this.call('orderCards', { body });
  }

  getCard(cardIdentifier: Id): Promise<ApiResponse<T.Card>> {
    return this.call('getCard', { params: { cardIdentifier } });
  }

  cardSearch(body: T.CardSearchRequest = {}): Promise<ApiResponse<T.CardList>> {
    return this.call('cardSearch', { body });
  }

  blockCard(cardIdentifier: Id, body: T.CardStatusChangeRequest): Promise<ApiResponse<T.OperationStatus>> {
    return this.call('blockCard', { params: { cardIdentifier }, body });
  }

  unblockCard(cardIdentifier: Id, body: T.CardStatusChangeRequest): Promise<ApiResponse<T.OperationStatus>> {
    return this.call('unblockCard', { params: { cardIdentifier }, body });
  }

  cancelCard(cardIdentifier: Id, body: T.CardCancelRequest): Promise<ApiResponse<T.OperationStatus>> {
    return this.call('cancelCard', { params: { cardIdentifier }, body });
  }

  replaceCard(cardIdentifier: Id, body: T.CardReplaceRequest = {}): Promise<ApiResponse<T.OperationStatus>> {
    return this.call('replaceCard', { params: { cardIdentifier }, body });
  }

  reprintPIN(cardIdentifier: Id, body: T.CardReprintPinRequest): Promise<ApiResponse<T.OperationStatus>> {
    return this.call('reprintPIN', { params: { cardIdentifier }, body });
  }

  getMasterData(): Promise<ApiResponse<T.MasterData>> {
    return this.call('getMasterData');
  }

  /** The names the four parameters the document does not name go under on this target (set, or found once per worker). */
  geoParamNames(): Promise<GeoParamNames> {
    if (!this.deps.geoParamNames)
      throw new SuiteError('this client was given no geosearch parameter names (ClientDeps.geoParamNames)');
    return this.deps.geoParamNames();
  }

  async geosearchRectangle(
    search: GeosearchRectangle,
    body: T.GeosearchRequest = {}
  ): Promise<ApiResponse<T.GeosearchResponse>> {
    return this.call('geosearchRectangle', { query: geoQuery(await this.geoParamNames(), search), body });
  }

  getSession(sessionId: string): Promise<ApiResponse<T.Session>> {
    return this.call('getSession', { params: { sessionId } });
  }
}
