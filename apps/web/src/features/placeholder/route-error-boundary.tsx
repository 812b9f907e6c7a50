import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './route-error-page';

interface RouteErrorBoundaryProps {
  /** The current location's key: a navigation leaves the error behind. */
  locationKey: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  error: unknown;
  /** The location the error happened at. */
  errorKey: string | null;
}

/**
 * Catches what a route throws while rendering, a page chunk that fails to load included, and shows the error
 * page until the next navigation (what the data router's errorElement did; the app uses none of its loaders).
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { error: null, errorKey: null };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: RouteErrorBoundaryState) {
    if (state.error === null) return null;
    if (state.errorKey === null) return { errorKey: props.locationKey };
    return state.errorKey === props.locationKey ? null : { error: null, errorKey: null };
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteErrorPage error={this.state.error} />;
  }
}
