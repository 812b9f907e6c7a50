import { ChevronRight } from 'lucide-react';
import { Fragment, useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { SCREEN_CRUMB_NAMES } from '../screen-pages';
import { useBreadcrumbNames } from './breadcrumb-names';
import { buildBreadcrumbs } from './breadcrumbs-model';

/**
 * Where the admin is, one link per path segment: a screen's path shows the screen's name as the sidebar does, a
 * record's path the name its page gave it.
 */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const pageNames = useBreadcrumbNames();
  const names = useMemo(() => new Map([...SCREEN_CRUMB_NAMES, ...pageNames]), [pageNames]);
  const crumbs = buildBreadcrumbs(pathname, names);
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          return (
            <Fragment key={crumb.path}>
              {index > 0 && (
                <li className="breadcrumbs__separator" aria-hidden="true">
                  <ChevronRight size={14} />
                </li>
              )}
              <li className="breadcrumbs__item" data-testid="breadcrumb">
                {isLast ? <span aria-current="page">{crumb.label}</span> : <Link to={crumb.path}>{crumb.label}</Link>}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
