/** The public top bar's links, in the spec's order. */
export const navLinks = [
  { to: "/how-it-works", label: "How it Works" },
  { to: "/technology", label: "Technology" },
  { to: "/waitlist", label: "Explore Mindprint" },
  { to: "/faq", label: "FAQ" },
  { to: "/about", label: "About" },
  { to: "/blog", label: "Blog" },
] as const;

export const footerLinks = [
  { to: "/terms", label: "Terms of Service" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/cookies", label: "Cookie Policy" },
  { to: "/trust", label: "Trust & Security" },
  { to: "/dmca-copyright", label: "DMCA & Copyright" },
] as const;
