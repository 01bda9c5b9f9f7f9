-- Tables of the squadron website (SPEC.md section 3) with the limits of section 5.

create type public.app_role as enum ('superadmin', 'admin', 'user');
create type public.account_status as enum ('pending', 'approved', 'rejected');

-- Only http(s) URLs may be stored where the site renders links or images.
create function public.is_http_url(url text) returns boolean
language sql immutable set search_path = '' as $$
  select url ~* '^https?://[^\s]+$' and length(url) <= 2048
$$;

create function public.are_http_urls(urls text[]) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(bool_and(public.is_http_url(u)), true) from unnest(urls) as u
$$;

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text check (full_name is null or length(full_name) <= 120),
  username text unique check (username is null or username ~ '^[A-Za-z0-9._-]{3,30}$'),
  phone_number text check (phone_number is null or phone_number ~ '^\+62[0-9]{9,12}$'),
  avatar_url text check (avatar_url is null or public.is_http_url(avatar_url)),
  email text check (email is null or length(email) <= 320),
  role public.app_role not null default 'user',
  status public.account_status not null default 'pending',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'One row per auth user; role and status decide every permission.';

create table public.articles (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(btrim(title)) between 1 and 200),
  category text check (category is null or length(category) <= 60),
  content text not null check (length(btrim(content)) between 1 and 200000),
  cover_image_url text check (cover_image_url is null or public.is_http_url(cover_image_url)),
  image_gallery_urls text[] not null default '{}'
    check (cardinality(image_gallery_urls) <= 20 and public.are_http_urls(image_gallery_urls)),
  -- A deleted author's articles stay published; the site shows 'Pengguna' as their author.
  author_id uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index articles_created_at_idx on public.articles (created_at desc);
create index articles_author_id_idx on public.articles (author_id);

create table public.galleries (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 120),
  description text check (description is null or length(description) <= 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index galleries_created_at_idx on public.galleries (created_at desc);

create table public.contacts (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 120),
  email text not null check (length(email) <= 320 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text check (phone is null or phone ~ '^\+?[0-9 ()-]{6,20}$'),
  subject text check (subject is null or length(subject) <= 200),
  message text not null check (length(btrim(message)) between 1 and 5000),
  created_at timestamptz not null default now()
);
create index contacts_created_at_idx on public.contacts (created_at desc);
create index contacts_email_idx on public.contacts (email, created_at);
