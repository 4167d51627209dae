/** Blogs, as other features see it: a post's card, which the home page lists too (home). */
export { BlogCard } from './components/blog-card';
