import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClockIcon, FacebookIcon, InstagramIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../../components/icons';
import { Logo } from '../../../components/logo';
import { readerDigits } from '../../../lib/format';
import { getSite, siteAddress } from '../../../lib/site';

/** Address, support e-mail, availability note, phone, page links and social links (spec section 1). */
export function Footer() {
  const { t, i18n } = useTranslation();
  const site = getSite();
  const lng = i18n.resolvedLanguage ?? 'en';
  // The year and the phone in the page's digits, as the address beside them (© ২০২৬ in Bengali).
  const year = readerDigits(String(new Date().getFullYear()), lng);
  return (
    <footer className="tone-dark mt-16 bg-brand-900 text-brand-100" data-testid="site-footer">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Logo light />
          <p className="text-sm leading-relaxed text-brand-200">{t('footer.about')}</p>
        </div>
        <div>
          <h2 className="mb-3 font-display text-lg text-white">{t('footer.visit')}</h2>
          <p className="flex gap-2 text-sm">
            <MapPinIcon className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
            <span data-testid="footer-address">{siteAddress(site, lng)}</span>
          </p>
        </div>
        <div>
          <h2 className="mb-3 font-display text-lg text-white">{t('footer.contact')}</h2>
          <ul className="space-y-2 text-sm">
            <li>
              <a href={`mailto:${site.email}`} className="inline-flex items-center gap-2 hover:text-gold-300">
                <MailIcon className="text-gold-400" /> {site.email}
              </a>
            </li>
            <li className="inline-flex items-center gap-2">
              <ClockIcon className="text-gold-400" /> {t('footer.availability')}
            </li>
            <li>
              <a href={`tel:${site.phone.replace(/[^\d+]/g, '')}`} className="inline-flex items-center gap-2 hover:text-gold-300">
                <PhoneIcon className="text-gold-400" /> <span data-testid="footer-phone">{readerDigits(site.phone, lng)}</span>
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="mb-3 font-display text-lg text-white">{t('footer.explore')}</h2>
          <ul className="space-y-2 text-sm">
            <li>
              <Link to="/" className="hover:text-gold-300">{t('nav.home')}</Link>
            </li>
            <li>
              <Link to="/blog" className="hover:text-gold-300">{t('footer.stories')}</Link>
            </li>
            <li>
              <Link to="/contact" className="hover:text-gold-300">{t('footer.contactAbout')}</Link>
            </li>
            <li>
              <Link to="/terms" className="hover:text-gold-300">{t('footer.terms')}</Link>
            </li>
          </ul>
          <div className="mt-4 flex gap-3">
            <a href={site.instagramUrl} target="_blank" rel="noreferrer" aria-label="Instagram" className="rounded-full bg-white/10 p-2 hover:bg-white/20">
              <InstagramIcon className="h-5 w-5" />
            </a>
            <a href={site.facebookUrl} target="_blank" rel="noreferrer" aria-label="Facebook" className="rounded-full bg-white/10 p-2 hover:bg-white/20">
              <FacebookIcon className="h-5 w-5" />
            </a>
          </div>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-4 text-xs text-brand-200" data-testid="footer-copyright">
          © {year} {site.name}. {t('footer.rights')}
        </p>
      </div>
    </footer>
  );
}
